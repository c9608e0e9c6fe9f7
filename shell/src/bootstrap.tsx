import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './features/install/service-worker-registration.ts';
import { registerRemotesFromConfig } from './features/remotes/remote-registry.ts';

// Start fetching the run-time remote manifest at once; remote sections wait for it, the rest does not.
void registerRemotesFromConfig();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Installable, and the app opens offline (goals-progression-community.md section 5).
registerServiceWorker();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
