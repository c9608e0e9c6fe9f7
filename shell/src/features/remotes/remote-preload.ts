// What the first screen's remote needs, fetched from the shell's entry before the app's own code and shared
// libraries have loaded: the run-time remote list, the page's remote manifest, and then that
// remote's entry and the chunks of its routes as <link rel="preload">, so they download alongside the
// shell's instead of after it. Plain browser code only: index.ts runs this before the federation share
// scope exists, so nothing here may import a shared module (React, antd, web-kit).

/** The remotes the shell knows by name; their URLs come only from the run-time manifest. */
export type RemoteName = 'mfe_quests' | 'mfe_goals' | 'mfe_community' | 'mfe_progression';

export const REMOTES_CONFIG_URL = '/config/remotes.json';

/**
 * Which remote owns a top-level path. A remote is mounted at the root and its descendant
 * <Routes> match these segments relative to it, so the shell never needs the remote's inner routes.
 */
export const remoteSections: ReadonlyArray<{ segment: string; remote: RemoteName }> = [
  { segment: 'dashboard', remote: 'mfe_quests' },
  { segment: 'quests', remote: 'mfe_quests' },
  { segment: 'goals', remote: 'mfe_goals' },
  { segment: 'community', remote: 'mfe_community' },
  { segment: 'sessions', remote: 'mfe_community' },
  // The dashboard's Body Doubling quick action: mfe_community sends it on to /sessions.
  { segment: 'body-doubling', remote: 'mfe_community' },
  { segment: 'meetups', remote: 'mfe_community' },
  { segment: 'admin', remote: 'mfe_community' },
  { segment: 'talent-tree', remote: 'mfe_progression' },
];

/** The remote of a path below the root ('/' is decided by sign-in state, see app-routes). */
export function remoteFor(pathname: string): RemoteName | null {
  const segment = pathname.split('/')[1] ?? '';
  return remoteSections.find((section) => section.segment === segment)?.remote ?? null;
}

let remotesConfig: Promise<Record<string, string>> | null = null;

/** GET /config/remotes.json ({ mfe_quests: '/remotes/quests/mf-manifest.json', ... }), once; a failure is forgotten. */
export function fetchRemotesConfig(): Promise<Record<string, string>> {
  if (remotesConfig) return remotesConfig;
  remotesConfig = fetch(REMOTES_CONFIG_URL, { credentials: 'same-origin', cache: 'no-cache' }).then(
    async (response) => {
      if (!response.ok) throw new Error(`${response.status}: ${REMOTES_CONFIG_URL}`);
      return (await response.json()) as Record<string, string>;
    },
  );
  remotesConfig.catch(() => {
    remotesConfig = null;
  });
  return remotesConfig;
}

/** Manifests fetched early, by absolute URL, each handed once to the federation runtime. */
const earlyManifests = new Map<string, Promise<Response>>();

const absolute = (url: string) => new URL(url, window.location.href).href;

/** The early response for a manifest URL, if there is one not handed out yet (the runtime's fetch hook). */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const key = absolute(url);
  const response = earlyManifests.get(key);
  earlyManifests.delete(key);
  return response;
}

/** The parts of mf-manifest.json read here. */
interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] } } }>;
}

function preload(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

/** The remote entry and the chunks its './routes' needs at once, as listed by its manifest. */
export function remoteScripts(manifestUrl: string, manifest: RemoteManifest): string[] {
  const base = new URL('.', absolute(manifestUrl));
  const entry = manifest.metaData?.remoteEntry;
  const routes = manifest.exposes?.find((expose) => expose.path === './routes');
  const files = [
    ...(entry?.name ? [`${entry.path ? `${entry.path}/` : ''}${entry.name}`] : []),
    ...(routes?.assets?.js?.sync ?? []),
  ];
  return files.map((file) => new URL(file, base).href);
}

/**
 * Starts loading the remote of the page being opened. Failures are ignored here: the federation runtime
 * fetches for itself and shows the section's fallback if the remote really is down.
 */
export function preloadRemoteOf(pathname: string): void {
  const remote = remoteFor(pathname);
  if (!remote) return;
  void fetchRemotesConfig()
    .then((config) => {
      const manifestUrl = config[remote];
      if (!manifestUrl) return undefined;
      const response = fetch(manifestUrl, { credentials: 'same-origin' });
      earlyManifests.set(
        absolute(manifestUrl),
        response.then((r) => r.clone()),
      );
      return response.then(async (r) => {
        if (!r.ok) return;
        for (const href of remoteScripts(manifestUrl, (await r.json()) as RemoteManifest))
          preload(href);
      });
    })
    .catch(() => undefined);
}
