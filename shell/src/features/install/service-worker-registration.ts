/** How often a running page asks for a newer service worker. */
export const SERVICE_WORKER_UPDATE_MS = 60 * 60 * 1000;

/**
 * The first screen counts as done when no resource has finished loading for this long after the load event,
 * or at the latest after SETTLE_MAX_MS. Only then does the worker register: on a first visit it takes the
 * page over and downloads the whole app for offline use, which would otherwise compete with the first
 * screen's own requests on a phone's connection.
 */
export const NETWORK_QUIET_MS = 2000;
export const SETTLE_MAX_MS = 15_000;

type Timers = Pick<Window, 'setTimeout' | 'clearTimeout'>;

/** Calls back once the network has been quiet for NETWORK_QUIET_MS (at most SETTLE_MAX_MS from now). */
function whenNetworkQuiet(win: Timers, callback: () => void): void {
  let done = false;
  let quiet: number | undefined;
  const observer =
    typeof PerformanceObserver === 'function' ? new PerformanceObserver(() => rearm()) : undefined;
  const settle = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    win.clearTimeout(quiet);
    win.clearTimeout(latest);
    callback();
  };
  const rearm = () => {
    win.clearTimeout(quiet);
    quiet = win.setTimeout(settle, NETWORK_QUIET_MS);
  };
  const latest = win.setTimeout(settle, SETTLE_MAX_MS);
  observer?.observe({ type: 'resource' });
  rearm();
}

/**
 * Registers /service-worker.js once the page has loaded and its network has gone quiet, and checks for an
 * update every 60 minutes. Returns a stop function (tests); does nothing where service workers are
 * unavailable.
 */
export function registerServiceWorker(
  nav: Navigator = navigator,
  win: Pick<Window, 'addEventListener' | 'setInterval' | 'clearInterval'> &
    Timers & {
      document: Pick<Document, 'readyState'>;
    } = window,
): () => void {
  if (!('serviceWorker' in nav)) return () => {};
  let timer: number | undefined;
  const register = () => {
    nav.serviceWorker
      .register('/service-worker.js')
      .then(async (registration) => {
        // (A browser that blocks service workers, as a test harness may, answers without a registration.)
        if (!registration) return;
        timer = win.setInterval(() => {
          registration.update().catch(() => {
            // Offline or the server is restarting: the next check tries again.
          });
        }, SERVICE_WORKER_UPDATE_MS);
        // Keep the whole app (shell and remotes, as deployed now) on the device for offline use. Asked of
        // the active worker (on a first visit, once it has activated), never done while it activates: a
        // worker that is still activating holds every request of the pages it controls until it is done.
        const ready = await nav.serviceWorker.ready;
        ready.active?.postMessage({ type: 'precache' });
      })
      .catch((error: unknown) => console.warn('service worker registration failed', error));
  };
  const registerWhenQuiet = () => whenNetworkQuiet(win, register);
  if (win.document.readyState === 'complete') registerWhenQuiet();
  else win.addEventListener('load', registerWhenQuiet, { once: true });
  return () => {
    if (timer !== undefined) win.clearInterval(timer);
  };
}
