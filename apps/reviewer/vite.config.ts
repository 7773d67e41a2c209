import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API runs on :8080 in development (`pnpm dev`); the apps reach it same-origin through /api.
const api = { '/api': { target: 'http://localhost:8080' } };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: api },
  preview: { port: 4173, proxy: api },
  build: { outDir: 'dist' },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test-setup.ts'],
  },
});
