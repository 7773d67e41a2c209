import '@sieve/ui/styles.css';
import { applyStoredTheme } from '@sieve/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { warmStart } from './app/warm-start';

// Before the first render, so a dark page never flashes light.
applyStoredTheme();
warmStart();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
