import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

/** The remotes the shell knows by name; their URLs come only from the run-time manifest. */
export type RemoteName = 'mfe_quests' | 'mfe_goals' | 'mfe_community' | 'mfe_progression';

export const REMOTES_CONFIG_URL = '/config/remotes.json';

let registration: Promise<Record<string, string>> | null = null;

async function fetchRemotesConfig(): Promise<Record<string, string>> {
  const response = await fetch(REMOTES_CONFIG_URL, {
    credentials: 'same-origin',
    cache: 'no-cache',
  });
  if (!response.ok) throw new Error(`${response.status}: ${REMOTES_CONFIG_URL}`);
  return (await response.json()) as Record<string, string>;
}

/**
 * Fetches /config/remotes.json ({ mfe_quests: '/remotes/quests/mf-manifest.json', ... }) once and registers
 * every remote with the federation instance the build plugin created (no init: architecture-research.md 1.1).
 * A failed fetch is forgotten, so the next caller (a Retry) fetches again.
 */
export function registerRemotesFromConfig(): Promise<Record<string, string>> {
  if (registration) return registration;
  registration = fetchRemotesConfig().then((config) => {
    if (!getInstance()) throw new Error('Module federation runtime is not initialised');
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
