import '@sieve/ui/styles.css';
import { applyStoredTheme } from '@sieve/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// Before the first render, so a dark page never flashes light.
applyStoredTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
