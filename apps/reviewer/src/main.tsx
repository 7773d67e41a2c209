import '@sieve/ui/styles.css';
import { applyStoredTheme } from '@sieve/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadSignedInArea } from './app/routes';
import { warmStart } from './app/warm-start';

// Before the first render, so a dark page never flashes light.
applyStoredTheme();
const isOpeningDashboard = warmStart();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// issue 42: opening on the dashboard, its chunks (preloaded beside this entry) are in before the
// first render, which then draws it whole instead of suspending on them (the page's own boot
// screen shows meanwhile). If they fail, the render shows the failure as it would have.
if (isOpeningDashboard) preloadSignedInArea().then(render, render);
else render();
