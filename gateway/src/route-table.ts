import { CALENDAR_FEED_PREFIX } from '@levelup/contracts';
import type { GatewayConfig } from './config.ts';

/**
 * Which service owns which public path (docs/architecture.md, the request path).
 * The first matching prefix wins; a prefix matches the path itself or the path followed by '/' or '?'.
 */
export interface ApiRoute {
  prefix: string;
  service: ServiceName;
  /**
   * Reached without a session: the path's own secret is the credential (the calendar feed). The gateway
   * strips the cookie, signs the request as its own call and rate-limits the misses per address.
   */
  public?: true;
}

export type ServiceName = 'identity' | 'quests' | 'goals' | 'community' | 'feedback';

/** The signed-in user's own reads (profile, XP): identity calls whose answer keeps a session. */
export const USER_PREFIX = '/api/user';
/** The user's reminders and push settings: their answer keeps the session too. */
export const REMINDERS_PREFIX = '/api/reminders';

export const API_ROUTES: readonly ApiRoute[] = [
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/login', service: 'identity' },
  { prefix: '/api/logout', service: 'identity' },
  { prefix: USER_PREFIX, service: 'identity' },
  { prefix: REMINDERS_PREFIX, service: 'identity' },
  { prefix: '/api/quests', service: 'quests' },
  { prefix: '/api/life-tasks', service: 'quests' },
  { prefix: '/api/todos', service: 'quests' },
  { prefix: '/api/dashboard', service: 'quests' },
  { prefix: '/api/calendar-feed', service: 'quests' },
  { prefix: CALENDAR_FEED_PREFIX, service: 'quests', public: true },
  { prefix: '/api/goals', service: 'goals' },
  { prefix: '/api/goal-templates', service: 'goals' },
  { prefix: '/api/talent-tree', service: 'goals' },
  { prefix: '/api/posts', service: 'community' },
  { prefix: '/api/community', service: 'community' },
  { prefix: '/api/sessions', service: 'community' },
  { prefix: '/api/meetups', service: 'community' },
  { prefix: '/api/feedback', service: 'feedback' },
];

/** The remotes the shell loads at run time; the gateway serves their manifest at /config/remotes.json. */
export const REMOTES = [
  { name: 'mfe_quests', mount: '/remotes/quests', configKey: 'REMOTE_QUESTS_URL' },
  { name: 'mfe_goals', mount: '/remotes/goals', configKey: 'REMOTE_GOALS_URL' },
  { name: 'mfe_community', mount: '/remotes/community', configKey: 'REMOTE_COMMUNITY_URL' },
  { name: 'mfe_progression', mount: '/remotes/progression', configKey: 'REMOTE_PROGRESSION_URL' },
] as const;

export function matchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function findApiRoute(path: string): ApiRoute | undefined {
  return API_ROUTES.find((route) => matchesPrefix(path, route.prefix));
}

/** Every instance of a service: its *_URLS list when set, else its one *_URL. */
export function serviceUrls(config: GatewayConfig, service: ServiceName): string[] {
  const urls: Record<ServiceName, [string, string[] | undefined]> = {
    identity: [config.IDENTITY_URL, config.IDENTITY_URLS],
    quests: [config.QUESTS_URL, config.QUESTS_URLS],
    goals: [config.GOALS_URL, config.GOALS_URLS],
    community: [config.COMMUNITY_URL, config.COMMUNITY_URLS],
    feedback: [config.FEEDBACK_URL, config.FEEDBACK_URLS],
  };
  const [one, several] = urls[service];
  return several ?? [one];
}

/** The run-time remote manifest: same-origin paths, so the shell never bakes a remote URL in. */
export function remotesManifest(): Record<string, string> {
  return Object.fromEntries(
    REMOTES.map((remote) => [remote.name, `${remote.mount}/mf-manifest.json`]),
  );
}
