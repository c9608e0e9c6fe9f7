/** How often a running page asks for a newer service worker (goals-progression-community.md section 7). */
export const SERVICE_WORKER_UPDATE_MS = 60 * 60 * 1000;

/**
 * Registers /service-worker.js once the page has loaded and checks for an update every 60 minutes.
 * Returns a stop function (tests); does nothing where service workers are unavailable.
 */
export function registerServiceWorker(
  nav: Navigator = navigator,
  win: Pick<Window, 'addEventListener' | 'setInterval' | 'clearInterval'> & {
    document: Pick<Document, 'readyState'>;
  } = window,
): () => void {
  if (!('serviceWorker' in nav)) return () => {};
  let timer: number | undefined;
  const register = () => {
    nav.serviceWorker
      .register('/service-worker.js')
      .then((registration) => {
        // Keep the whole app (shell and remotes, as deployed now) on the device for offline use.
        registration.active?.postMessage({ type: 'precache' });
        timer = win.setInterval(() => {
          registration.update().catch(() => {
            // Offline or the server is restarting: the next check tries again.
          });
        }, SERVICE_WORKER_UPDATE_MS);
      })
      .catch((error: unknown) => console.warn('service worker registration failed', error));
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
  return () => {
    if (timer !== undefined) win.clearInterval(timer);
  };
}
