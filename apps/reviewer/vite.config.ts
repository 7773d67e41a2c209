import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// @ts-expect-error a plain ESM build helper without types
import { earlyEntry } from '../../scripts/vite-early-entry.mjs';
// @ts-expect-error a plain ESM build helper without types
import { preloadFirstScreen } from '../../scripts/vite-preload-first-screen.mjs';

// The API runs on :8080 in development (`pnpm dev`); the apps reach it same-origin through /api.
const api = { '/api': { target: 'http://localhost:8080' } };

export default defineConfig({
  // The signed-in first screen's chunks download with the entry, not after it (issue 15).
  plugins: [
    react(),
    preloadFirstScreen(['src/app/app-layout.tsx', 'src/features/workspace/workspace-page.tsx']),
    // The dashboard's first data call starts from the page's first script (issue 15, issue 42).
    earlyEntry('src/first-data-entry.ts'),
  ],
  server: { port: 5173, proxy: api },
  preview: { port: 4173, proxy: api },
  build: { outDir: 'dist' },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 30_000,
  },
});
