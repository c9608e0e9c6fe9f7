import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { holdFirstScreen } from '@levelup/web-kit';
import { App } from './app/app.tsx';
import { preloadLandingPage } from './app/app-routes.tsx';
import { registerServiceWorker } from './features/install/service-worker-registration.ts';
import { registerRemotesFromConfig } from './features/remotes/remote-registry.ts';

// Start fetching the run-time remote manifest at once; remote sections wait for it, the rest does not.
void registerRemotesFromConfig();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The dashboard's server-written first screen, or the landing page, stays on screen while its page loads.
holdFirstScreen(container);
if (container.dataset.prerendered === 'landing') preloadLandingPage();
// Installable, and the app opens offline.
registerServiceWorker();

const root = createRoot(container);
// The server's first screen is already on screen, so the app's first render need not block:
// as a transition React renders it in slices and leaves the main thread free between them.
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
