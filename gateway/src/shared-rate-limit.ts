import { createSharedCounters, type SharedCounters } from '@levelup/service-kit';
import type { GatewayConfig } from './config.ts';
import {
  RATE_RULES,
  createRateLimiter,
  keysOf,
  refusal,
  ruleFor,
  type RateDecision,
  type RateRule,
  type RequestLimiter,
} from './rate-limit.ts';

type Log = (message: string, fields?: Record<string, unknown>) => void;

/** The bucket every gateway instance counts its limits in (NATS key-value `KV_gateway_limits`). */
export const LIMITS_BUCKET = 'gateway_limits';
/** Keys marked so refund() gives them back to the in-memory fallback that counted them. */
const LOCAL = 'local:';

/**
 * The gateway's limits (rate-limit.ts) counted in NATS key-value, so N gateway instances allow a limit
 * once in all, not N times. Both keys of a request (its address's and its user's) are counted at once,
 * one round trip each in parallel; if either is at its limit the other is given back, as in memory.
 *
 * While NATS is unreachable (not connected, or a count that does not answer within its timeout) the
 * request is counted by this instance's in-memory limiter instead, and a warning is logged when that
 * starts and when it ends: a limit is then at worst looser by the number of instances, for the outage
 * only, never off. Refusing every limited write while NATS is away would stop sign-ups, posts and
 * imports for everyone, and the gateway otherwise keeps working without NATS. Sign-in attempts are not
 * counted here: svc-identity counts them in MongoDB before it checks the password, shared already.
 */
export function createSharedRateLimiter(options: {
  counters: Pick<SharedCounters, 'available' | 'take' | 'give'>;
  rules?: readonly RateRule[];
  log?: Log;
}): RequestLimiter {
  const rules = options.rules ?? RATE_RULES;
  const log: Log = options.log ?? (() => {});
  const fallback = createRateLimiter({ rules });
  const { counters } = options;
  let local = false;

  function countLocally(
    reason: string,
    args: [string, string, string | undefined, string],
  ): RateDecision {
    if (!local) {
      local = true;
      log('rate limits counted by this gateway alone: shared counts unreachable', { reason });
    }
    const decision = fallback.check(...args);
    return decision.limited
      ? decision
      : { limited: false, counted: decision.counted.map((key) => LOCAL + key) };
  }

  async function check(
    method: string,
    path: string,
    userId: string | undefined,
    address: string,
  ): Promise<RateDecision> {
    const rule = ruleFor(rules, method, path);
    if (!rule) return { limited: false, counted: [] };
    const args: [string, string, string | undefined, string] = [method, path, userId, address];
    if (!counters.available()) return countLocally('not connected', args);
    const { addressKey, userKey } = keysOf(rule, userId, address);
    const takes = [counters.take(addressKey, rule.perAddress.max, rule.perAddress.windowMs)];
    if (userKey && rule.perUser)
      takes.push(counters.take(userKey, rule.perUser.max, rule.perUser.windowMs));
    const results = await Promise.allSettled(takes);
    const keys = userKey ? [addressKey, userKey] : [addressKey];
    const failed = results.find((result) => result.status === 'rejected');
    const waits = results.map((result) => (result.status === 'fulfilled' ? result.value : -1));
    if (failed) {
      waits.forEach((wait, i) => wait === 0 && void give(keys[i]!));
      return countLocally(String((failed as PromiseRejectedResult).reason), args);
    }
    if (local) {
      local = false;
      log('rate limits shared again');
    }
    const wait = Math.max(...waits);
    if (wait === 0) return { limited: false, counted: keys };
    waits.forEach((each, i) => each === 0 && void give(keys[i]!));
    return refusal(rule, wait);
  }

  function give(key: string): Promise<void> {
    return counters.give(key).catch((error: unknown) => {
      // Not given back: the key stays counted (stricter, never looser) until its window ends.
      log('rate limit give-back failed', { error: String(error) });
    });
  }

  function refund(keys: readonly string[]) {
    const locals = keys
      .filter((key) => key.startsWith(LOCAL))
      .map((key) => key.slice(LOCAL.length));
    if (locals.length > 0) fallback.refund(locals);
    for (const key of keys) if (!key.startsWith(LOCAL)) void give(key);
  }

  return { check, refund };
}

/** The shared limiter the gateway's settings describe, with its NATS connection (close() it on stop). */
export function sharedRateLimiterFor(
  config: Pick<GatewayConfig, 'NATS_URL' | 'NATS_NAMESPACE' | 'RATE_LIMITS'>,
  log?: Log,
): { limiter: RequestLimiter; counters: SharedCounters } {
  const rules = config.RATE_LIMITS === 'off' ? [] : RATE_RULES;
  const longest = Math.max(
    60_000,
    ...RATE_RULES.flatMap((rule) => [rule.perAddress.windowMs, rule.perUser?.windowMs ?? 0]),
  );
  const counters = createSharedCounters({
    url: config.NATS_URL,
    namespace: config.NATS_NAMESPACE,
    bucket: LIMITS_BUCKET,
    ttlMs: longest,
    name: 'gateway-limits',
  });
  return { limiter: createSharedRateLimiter({ counters, rules, log }), counters };
}
