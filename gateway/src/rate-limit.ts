/**
 * Per-user and per-address limits on the writes that spam or abuse would repeat: sign-ups, posts,
 * comments, likes, new quests, imports, life tasks, goals, sessions, quick matches, meetups, feedback,
 * room check-ins, reports and push subscriptions. One module at the edge keyed by rule + user and rule + client address
 * (TRUST_PROXY decides what the address is), so no service needs its own. Counts are fixed windows.
 * The gateway started by main.ts counts them in NATS, shared by every gateway instance
 * (shared-rate-limit.ts); the in-memory limiter below serves an app built without NATS (tests) and is
 * the shared one's fallback while NATS is unreachable (bounded: ended windows go, and at most maxKeys
 * keys are kept, the oldest going first).
 * A refused request gets 429 RATE_LIMITED with Retry-After and a message the app shows as it is.
 *
 * What counts is what the service took: a request is counted when it goes through (so a burst of
 * concurrent ones cannot slip past the limit together) and given back when the service refused it
 * (4xx) or it was never sent (503), so a user who mistyped a form is not limited, and neither is a test
 * sending bad input. A 5xx or a gateway's 504 counts: the service may have done the work anyway.
 */
export interface RateWindow {
  max: number;
  windowMs: number;
}

export interface RateRule {
  name: string;
  /** What is limited, as the message names it: 'new posts'. */
  what: string;
  method: string;
  /** Matched against the path lower-cased, decoded, without repeated or trailing slashes. */
  pattern: RegExp;
  perUser?: RateWindow;
  perAddress: RateWindow;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_RULES: readonly RateRule[] = [
  {
    name: 'sign-up',
    what: 'sign-ups from this address',
    method: 'POST',
    pattern: /^\/api\/auth\/register$/,
    perAddress: { max: 50, windowMs: HOUR },
  },
  {
    name: 'post',
    what: 'new posts',
    method: 'POST',
    pattern: /^\/api\/posts$/,
    perUser: { max: 10, windowMs: MINUTE },
    perAddress: { max: 60, windowMs: MINUTE },
  },
  {
    name: 'comment',
    what: 'comments',
    method: 'POST',
    pattern: /^\/api\/posts\/[^/]+\/comments$/,
    perUser: { max: 20, windowMs: MINUTE },
    perAddress: { max: 120, windowMs: MINUTE },
  },
  {
    name: 'like',
    what: 'likes',
    method: 'POST',
    pattern: /^\/api\/posts\/[^/]+\/like$/,
    perUser: { max: 60, windowMs: MINUTE },
    perAddress: { max: 300, windowMs: MINUTE },
  },
  {
    name: 'quest',
    what: 'new quests',
    method: 'POST',
    pattern: /^\/api\/quests(?:\/recurring)?$/,
    perUser: { max: 60, windowMs: MINUTE },
    perAddress: { max: 600, windowMs: MINUTE },
  },
  {
    // One import may create hundreds of quests: a few a person needs, far fewer than a script.
    name: 'import',
    what: 'imports',
    method: 'POST',
    pattern: /^\/api\/quests\/import$/,
    perUser: { max: 5, windowMs: 10 * MINUTE },
    perAddress: { max: 50, windowMs: 10 * MINUTE },
  },
  {
    name: 'import-preview',
    what: 'import previews',
    method: 'POST',
    pattern: /^\/api\/quests\/import\/preview$/,
    perUser: { max: 30, windowMs: MINUTE },
    perAddress: { max: 300, windowMs: MINUTE },
  },
  {
    name: 'life-task',
    what: 'new life tasks',
    method: 'POST',
    pattern: /^\/api\/life-tasks$/,
    perUser: { max: 60, windowMs: MINUTE },
    perAddress: { max: 600, windowMs: MINUTE },
  },
  {
    name: 'goal',
    what: 'new goals',
    method: 'POST',
    pattern: /^\/api\/goals$/,
    perUser: { max: 30, windowMs: MINUTE },
    perAddress: { max: 300, windowMs: MINUTE },
  },
  {
    // Sessions are listed to everyone: spam there is seen by all.
    name: 'session',
    what: 'new sessions',
    method: 'POST',
    pattern: /^\/api\/sessions$/,
    perUser: { max: 10, windowMs: HOUR },
    perAddress: { max: 100, windowMs: HOUR },
  },
  {
    // Start now joins an open session or starts one (listed to everyone).
    name: 'quick-match',
    what: 'quick matches',
    method: 'POST',
    pattern: /^\/api\/sessions\/quick-match$/,
    perUser: { max: 20, windowMs: HOUR },
    perAddress: { max: 200, windowMs: HOUR },
  },
  {
    name: 'meetup',
    what: 'new meetups',
    method: 'POST',
    pattern: /^\/api\/meetups$/,
    perUser: { max: 10, windowMs: HOUR },
    perAddress: { max: 100, windowMs: HOUR },
  },
  {
    name: 'feedback',
    what: 'feedback messages',
    method: 'POST',
    pattern: /^\/api\/feedback$/,
    perUser: { max: 10, windowMs: HOUR },
    perAddress: { max: 100, windowMs: HOUR },
  },
  {
    name: 'check-in',
    what: 'room check-ins',
    method: 'PUT',
    pattern: /^\/api\/sessions\/[^/]+\/room\/check-in$/,
    perUser: { max: 20, windowMs: MINUTE },
    perAddress: { max: 200, windowMs: MINUTE },
  },
  {
    // Of a post or of a room member: each one lands in a moderator's list.
    name: 'report',
    what: 'reports',
    method: 'POST',
    pattern: /^\/api\/(?:posts\/[^/]+|sessions\/[^/]+\/room\/members\/[^/]+)\/report$/,
    perUser: { max: 20, windowMs: HOUR },
    perAddress: { max: 200, windowMs: HOUR },
  },
  {
    name: 'push-subscription',
    what: 'push subscriptions',
    method: 'PUT',
    pattern: /^\/api\/reminders\/subscriptions$/,
    perUser: { max: 10, windowMs: HOUR },
    perAddress: { max: 100, windowMs: HOUR },
  },
  {
    // The calendar feed is opened by its secret alone: what is limited is guessing, so the gateway
    // gives back the count of every request that found a feed (calendar services fetch many users'
    // feeds from few addresses) and keeps the misses.
    name: 'calendar-feed',
    what: 'calendar feed requests that found no feed',
    method: 'GET',
    pattern: /^\/api\/calendar\/[^/]+$/,
    perAddress: { max: 30, windowMs: 10 * MINUTE },
  },
];

export type RateDecision =
  /** `counted`: the keys this request was counted under (give them back with refund() if it failed). */
  | { limited: false; counted: readonly string[] }
  | { limited: true; rule: string; retryAfterSeconds: number; message: string };

interface Count {
  count: number;
  endsAt: number;
}

/** The path as a service's router would match it: decoded, lower-case, single slashes, no trailing one. */
export function normalisePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: matched as sent
  }
  return (
    decoded
      .toLowerCase()
      .replace(/\/{2,}/g, '/')
      .replace(/\/+$/, '') || '/'
  );
}

/** '45 seconds', '1 minute', '15 minutes'. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The rule a request falls under, if any. */
export function ruleFor(rules: readonly RateRule[], method: string, path: string) {
  const normal = normalisePath(path);
  return rules.find((r) => r.method === method && r.pattern.test(normal));
}

/** The keys a request is counted under: its address's, and its user's when the rule limits users. */
export function keysOf(rule: RateRule, userId: string | undefined, address: string) {
  return {
    addressKey: `${rule.name}:addr:${address}`,
    userKey: userId && rule.perUser ? `${rule.name}:user:${userId}` : undefined,
  };
}

export function refusal(rule: RateRule, wait: number): RateDecision {
  return {
    limited: true,
    rule: rule.name,
    retryAfterSeconds: wait,
    message: `Too many ${rule.what}. Please try again in ${duration(wait)}.`,
  };
}

/**
 * What the app asks: check() counts a request (or refuses it), refund() gives back what it was counted
 * under. The in-memory limiter answers at once; the shared one (shared-rate-limit.ts) after NATS did.
 */
export interface RequestLimiter {
  check(
    method: string,
    path: string,
    userId: string | undefined,
    address: string,
  ): RateDecision | Promise<RateDecision>;
  refund(keys: readonly string[]): void;
}

export function createRateLimiter(
  options: { rules?: readonly RateRule[]; now?: () => number; maxKeys?: number } = {},
) {
  const rules = options.rules ?? RATE_RULES;
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 100_000;
  /** In order of each window's start, so the oldest are first. */
  const counts = new Map<string, Count>();

  function evict(at: number) {
    for (const [key, count] of counts) {
      if (count.endsAt > at && counts.size <= maxKeys) break;
      counts.delete(key);
    }
  }

  /** Seconds until the key may go again when it is at its limit, else counts it and answers 0. */
  function take(key: string, window: RateWindow, at: number): number {
    const running = counts.get(key);
    if (running && running.endsAt > at) {
      if (running.count >= window.max) return Math.max(1, Math.ceil((running.endsAt - at) / 1000));
      running.count += 1;
      return 0;
    }
    counts.delete(key);
    counts.set(key, { count: 1, endsAt: at + window.windowMs });
    return 0;
  }

  /** Counts the request against its rule (if any) for the user and the address; limited when either is at its limit. */
  function check(
    method: string,
    path: string,
    userId: string | undefined,
    address: string,
  ): RateDecision {
    const rule = ruleFor(rules, method, path);
    if (!rule) return { limited: false, counted: [] };
    const at = now();
    evict(at);
    const { addressKey, userKey } = keysOf(rule, userId, address);
    let wait = take(addressKey, rule.perAddress, at);
    if (wait === 0 && userKey && rule.perUser) {
      wait = take(userKey, rule.perUser, at);
      // Refused for the user: the address's count goes back too.
      if (wait > 0) refund([addressKey]);
    }
    if (wait === 0)
      return { limited: false, counted: userKey ? [addressKey, userKey] : [addressKey] };
    return refusal(rule, wait);
  }

  /** Gives back what a request the service refused was counted under (its window, if still running). */
  function refund(keys: readonly string[]) {
    const at = now();
    for (const key of keys) {
      const running = counts.get(key);
      if (running && running.endsAt > at && running.count > 0) running.count -= 1;
    }
  }

  return { check, refund, size: () => counts.size };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
