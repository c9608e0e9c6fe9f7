import type { UserRole } from '@levelup/service-kit';
import type { SessionLookup } from './session-resolver.ts';

export interface CacheEntry {
  userId: string;
  role: UserRole;
  sessionHash: string | undefined;
  verifiedAt: number;
  /** What the entry holds, estimated (strings at two bytes a character, plus the Map's own share). */
  bytes: number;
}

const ENTRY_OVERHEAD_BYTES = 160;

export function answerOf(entry: CacheEntry): SessionLookup & { kind: 'signed-in' } {
  return { kind: 'signed-in', userId: entry.userId, role: entry.role };
}

/**
 * The session resolver's memory of svc-identity's answers, by session key: fresh for cacheMs (or
 * followedCacheMs while revocations are heard), servable as stale for staleMs, and bounded by
 * maxEntries and maxBytes (the oldest verification forgotten first).
 */
export function createSessionCache(options: {
  cacheMs: number;
  followedCacheMs: number;
  staleMs: number;
  maxEntries: number;
  maxBytes: number;
  now: () => number;
}) {
  const { now, followedCacheMs, maxEntries, maxBytes } = options;
  /** An entry is of no use once it is neither fresh nor servable as stale. */
  const ttlMs = Math.max(options.cacheMs, followedCacheMs, options.staleMs);
  /**
   * Since when revocations have been heard without a break (undefined while not heard): only answers
   * verified since then get the long reuse, since one verified earlier may have missed its revocation.
   */
  let followingSince: number | undefined;
  /** By session key, in order of verification (re-inserted on each), so the oldest are first. */
  const cache = new Map<string, CacheEntry>();
  let cacheBytes = 0;

  /** The last answer for the session if it was verified within staleMs, else unavailable. */
  function staleOr(key: string, reason: string): SessionLookup {
    const entry = cache.get(key);
    if (!entry || now() - entry.verifiedAt > options.staleMs)
      return { kind: 'unavailable', reason };
    return { ...answerOf(entry), stale: true };
  }

  function fresh(entry: CacheEntry): boolean {
    const age = now() - entry.verifiedAt;
    if (age < options.cacheMs) return true;
    return (
      followingSince !== undefined && entry.verifiedAt >= followingSince && age < followedCacheMs
    );
  }

  /**
   * The revocation feed's state: true once it is connected (again), false when it is lost. While it is
   * lost every answer is reused for cacheMs only, and answers verified before it came back never get the
   * long reuse again.
   */
  function followRevocations(connected: boolean): void {
    followingSince = connected ? now() : undefined;
  }

  function remember(key: string, userId: string, role: UserRole, sessionHash: string | undefined) {
    if (ttlMs <= 0) return;
    // Re-inserted so the Map's order is the order of verification: the oldest go first when full.
    drop(key);
    const bytes =
      2 * (key.length + userId.length + (sessionHash?.length ?? 0)) + ENTRY_OVERHEAD_BYTES;
    cache.set(key, { userId, role, sessionHash, verifiedAt: now(), bytes });
    cacheBytes += bytes;
    for (const oldest of cache.keys()) {
      if (cache.size <= maxEntries && cacheBytes <= maxBytes) break;
      drop(oldest);
    }
    evictExpired();
  }

  function drop(key: string) {
    const entry = cache.get(key);
    if (!entry) return;
    cache.delete(key);
    cacheBytes -= entry.bytes;
  }

  /** Entries neither fresh nor servable as stale leave, oldest first (the Map is in verification order). */
  function evictExpired() {
    const horizon = now() - ttlMs;
    for (const [key, entry] of cache) {
      if (entry.verifiedAt >= horizon) break;
      drop(key);
    }
  }

  return {
    get: (key: string) => cache.get(key),
    /** Every entry, oldest verification first. */
    entries: () => cache.entries(),
    size: () => cache.size,
    bytes: () => cacheBytes,
    fresh,
    staleOr,
    followRevocations,
    remember,
    drop,
    evictExpired,
  };
}
