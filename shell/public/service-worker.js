// Level Up's service worker (registered at /service-worker.js,
// checked for updates every 60 minutes by the shell). It makes the app installable and opens it offline:
// - pages: network first, the last good app shell when offline (so a deploy is never hidden by a cache);
//   the network's answer is the browser's own navigation request (navigation preload), so the gateway
//   still tells it for a navigation and writes a signed-in user's dashboard first screen;
// - content-hashed chunks: cache first (their names change with their content, they never go stale);
// - entry files (main.js, remoteEntry.js, manifests, /config/remotes.json): network first, the last good
//   copy when offline, so the app still boots;
// - every /api call goes to the network untouched.
const SHELL_CACHE = 'levelup-shell-v1';
const ASSET_CACHE = 'levelup-assets-v1';
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2|png|svg)$/i;
/** Files the precache fetches at once (half the browser's connections per origin). */
const PRECACHE_CONCURRENCY = 3;

/** Where the shell and each remote are served: '/' and the remotes' mounts from /config/remotes.json. */
async function frontendBases() {
  const bases = ['/'];
  try {
    const remotes = await (await fetch('/config/remotes.json', { cache: 'no-store' })).json();
    for (const manifest of Object.values(remotes)) {
      if (typeof manifest === 'string')
        bases.push(manifest.slice(0, manifest.lastIndexOf('/') + 1));
    }
  } catch {
    // Offline or the gateway is restarting: the shell alone now, the rest on the next run.
  }
  return bases;
}

/**
 * Keeps every JavaScript file of the shell and the remotes on the device (each build's asset-list.json),
 * so a part of the app first opened offline still loads; files of older builds are dropped.
 */
function precacheApp() {
  // One run at a time: activation and the page's message after registration both ask for it.
  precaching ??= precacheFiles().finally(() => {
    precaching = undefined;
  });
  return precaching;
}
let precaching;

async function precacheFiles() {
  const cache = await caches.open(ASSET_CACHE);
  const wanted = new Set();
  const lists = await Promise.allSettled(
    (await frontendBases()).map(async (base) => {
      const response = await fetch(`${base}asset-list.json`, { cache: 'no-store' });
      if (!response.ok) throw new Error(`${base}asset-list.json: ${response.status}`);
      const { files } = await response.json();
      return files.filter((file) => HASHED.test(file)).map((file) => `${base}${file}`);
    }),
  );
  const complete = lists.every((list) => list.status === 'fulfilled');
  const urls = lists.flatMap((list) => (list.status === 'fulfilled' ? list.value : []));
  for (const url of urls) wanted.add(new URL(url, self.location.origin).href);
  // A few files at a time: the page and this worker share the browser's six connections to the origin,
  // and hundreds of files asked for at once would queue every request of the page behind them.
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        if (await cache.match(url)) continue;
        const response = await fetch(url);
        if (response.ok) await cache.put(url, response);
      } catch {
        // Offline or a redeploy removed it: the next run tries again.
      }
    }
  };
  await Promise.all(Array.from({ length: PRECACHE_CONCURRENCY }, worker));
  // Only prune when every list was read, so a remote that is down keeps its files.
  if (complete)
    for (const request of await cache.keys())
      if (!wanted.has(request.url)) await cache.delete(request);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(['/', '/manifest.webmanifest', '/icon-192.png']))
      .then(() => self.skipWaiting()),
  );
});

// The shell asks after each load, once this worker is active (a remote may have been deployed since): see
// service-worker-registration.ts.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'precache') event.waitUntil(precacheApp());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key !== SHELL_CACHE && key !== ASSET_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      // Navigations go out as the browser's own request while this worker starts. A fetch() of the
      // navigation from here would not be one (no Sec-Fetch-Dest 'document'), and the gateway would answer a
      // returning user with the plain app page instead of the dashboard's server-written first screen.
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
  // No precache here: while activation waits, every request of the pages this worker controls waits with
  // it (the e2e saw pages stay blank behind a 650-file precache). The page asks for it once this worker is
  // active (service-worker-registration.ts), and the message's own waitUntil keeps the worker alive.
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      Promise.resolve(event.preloadResponse)
        .then((preloaded) => preloaded ?? fetch(request))
        .then((response) => {
          // A page marked no-store (the dashboard's first screen, with the user's data in it) is never
          // kept: the offline fallback is the plain app page.
          const personal = /no-store/.test(response.headers.get('cache-control') ?? '');
          if (response.ok && !personal) {
            const copy = response.clone();
            void caches.open(SHELL_CACHE).then((cache) => cache.put('/', copy));
          }
          return response;
        })
        .catch(() => caches.match('/').then((cached) => cached ?? Response.error())),
    );
    return;
  }

  if (HASHED.test(url.pathname)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }

  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request).then((cached) => cached ?? Response.error())),
  );
});

// Reminders (Web Push): svc-identity sends each reminder encrypted for this browser; the push service
// hands it here even with no page open. It becomes a notification (one per item: a newer one replaces it
// by tag) whose click opens the item's screen, in a window of the app when one is open.
self.addEventListener('push', (event) => {
  let reminder;
  try {
    reminder = event.data?.json();
  } catch {
    reminder = undefined;
  }
  if (!reminder || typeof reminder.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: typeof reminder.body === 'string' ? reminder.body : '',
      tag: typeof reminder.tag === 'string' ? reminder.tag : undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: typeof reminder.url === 'string' ? reminder.url : '/' },
    }),
  );
});

/** Opens a reminder's screen: a same-origin path only, in an open window of the app or a new one. */
async function openReminder(notification) {
  notification.close();
  const target = new URL(notification.data?.url ?? '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  // Only a window this worker controls can be sent elsewhere; else a new one opens.
  const [open] = await self.clients.matchAll({ type: 'window' });
  if (open) {
    const moved = await open.navigate(url);
    // Focus is only allowed from a click; the page has moved either way.
    return (moved ?? open).focus().catch(() => undefined);
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openReminder(event.notification));
});

// A page may ask to open a shown reminder as a click would (a headless browser has no notification to
// click: the end-to-end test takes this path to the same code).
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'open-reminder' || typeof event.data.tag !== 'string') return;
  event.waitUntil(
    self.registration
      .getNotifications({ tag: event.data.tag })
      .then((shown) => (shown[0] ? openReminder(shown[0]) : undefined)),
  );
});
