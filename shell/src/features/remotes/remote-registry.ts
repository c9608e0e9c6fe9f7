import {
  getInstance,
  loadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import {
  fetchRemotesConfig,
  REMOTES_CONFIG_URL,
  takeEarlyManifest,
  type RemoteName,
} from './remote-preload.ts';

export type { RemoteName };
export { REMOTES_CONFIG_URL };

let registration: Promise<Record<string, string>> | null = null;

/**
 * Fetches /config/remotes.json ({ mfe_quests: '/remotes/quests/mf-manifest.json', ... }) once and registers
 * every remote with the federation instance the build plugin created (not init, which may merge into
 * another instance of the same name). A failed fetch is forgotten, so the next caller (a Retry) fetches
 * again.
 */
export function registerRemotesFromConfig(): Promise<Record<string, string>> {
  if (registration) return registration;
  registration = fetchRemotesConfig().then((config) => {
    if (!getInstance()) throw new Error('Module federation runtime is not initialised');
    // The manifest index.ts already fetched for the page's remote (remote-preload.ts) is used once.
    registerPlugins([
      { name: 'levelup-early-manifest', fetch: (url: string) => takeEarlyManifest(url) },
    ]);
    registerRemotes(Object.entries(config).map(([name, entry]) => ({ name, entry })));
    return config;
  });
  registration.catch(() => {
    registration = null;
  });
  return registration;
}

/** The module a remote exposes as './routes': a provider-free component rendering descendant <Routes>. */
export interface RemoteRoutesModule {
  default: ComponentType;
}

/**
 * Loads a remote's routes. attempt > 0 is a user's Retry: the remote is registered again with force, which
 * drops the runtime's cached failure for it, so the manifest and entry are really fetched again.
 */
export async function loadRemoteRoutes(
  remote: RemoteName,
  attempt: number,
): Promise<RemoteRoutesModule> {
  const config = await registerRemotesFromConfig();
  const entry = config[remote];
  if (!entry) throw new Error(`${remote} is not in ${REMOTES_CONFIG_URL}`);
  if (attempt > 0) registerRemotes([{ name: remote, entry }], { force: true });
  const module = await loadRemote<RemoteRoutesModule>(`${remote}/routes`);
  if (!module?.default) throw new Error(`${remote}/routes has no default export`);
  return module;
}
