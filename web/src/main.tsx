import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory } from 'react-router-dom';
import { App } from '@web/app/App';
import { canHydrate } from '@web/app/prerendered';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App history={UNSAFE_createBrowserHistory({ v5Compat: true })} />
  </StrictMode>
);

// A prerendered page (web/prerender/) is hydrated: its HTML is what this location renders. Any
// other page, or a prerendered one opened with a query it reads, is rendered afresh.
if (canHydrate(container, window.location)) hydrateRoot(container, app);
else createRoot(container).render(app);
