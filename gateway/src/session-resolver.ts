import { createHash } from 'node:crypto';
import { signInternal } from '@levelup/service-kit';
import type { UserRole } from '@levelup/service-kit';
import { instanceRotation } from './instance-rotation.ts';

export type SessionLookup =
  | { kind: 'signed-in'; userId: string; role: UserRole; stale?: true }
  | { kind: 'anonymous' }
  | { kind: 'unavailable'; reason: string };

/** What an identity.session_revoked event names: one session by hash, or every session of the user. */
export interface Revocation {
  userId: string;
  sessionHash?: string | undefined;
}

interface CacheEntry {
  userId: string;
  role: UserRole;
  sessionHash: string | undefined;
  verifiedAt: number;
  /** What the entry holds, estimated (strings at two bytes a character, plus the Map's own share). */
  bytes: number;
}

/** The lookup at svc-identity, as its internal signature names it. */
const SESSION_LOOKUP = { service: 'svc-identity', method: 'GET', path: '/internal/session' };

/** svc-identity's session cookie and its signature (koa-session): the only cookies a lookup needs. */
export const SESSION_COOKIE = 'levelup.sid';
const SESSION_SIG_COOKIE = `${SESSION_COOKIE}.sig`;
/** svc-identity's session keys and signatures are far shorter: a longer value is nobody's session. */
const MAX_SESSION_VALUE = 256;
/** A user id or session hash longer than this is not an answer of svc-identity's. */
const MAX_ANSWER_FIELD = 200;
const ENTRY_OVERHEAD_BYTES = 160;

export interface SessionCookie {
  /** A fixed-size digest of the session id and its signature: the cache's key. */
  key: string;
  /** Just the session cookies, as svc-identity reads them. */
  cookie: string;
}

/**
 * The session out of a Cookie header: null when it names none (or one no session id can be). Everything
 * else a browser sends in the header (other sites' cookies on the host, padding) plays no part.
 */
export function sessionCookieOf(header: string | undefined): SessionCookie | null {
  if (!header) return null;
  let sid: string | undefined;
  let sig: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === SESSION_COOKIE) sid = part.slice(eq + 1).trim();
    else if (name === SESSION_SIG_COOKIE) sig = part.slice(eq + 1).trim();
  }
  if (!sid || sid.length > MAX_SESSION_VALUE || (sig?.length ?? 0) > MAX_SESSION_VALUE) return null;
  return {
    key: createHash('sha256')
      .update(`${sid}\n${sig ?? ''}`)
      .digest('base64url'),
    cookie: sig
      ? `${SESSION_COOKIE}=${sid}; ${SESSION_SIG_COOKIE}=${sig}`
      : `${SESSION_COOKIE}=${sid}`,
  };
}

export interface SessionResolverOptions {
  /** Every svc-identity instance (IDENTITY_URLS, else IDENTITY_URL): a lookup one fails goes to the next. */
  identityUrls: readonly string[];
  secret: string;
  /** How long an answer is reused without asking svc-identity again. */
  cacheMs: number;
  /**
   * How long an answer is reused while this gateway hears revocations (see `followRevocations`): a
   * sign-out or role change anywhere reaches it as an event, so the answer can be kept far longer.
   * Defaults to cacheMs.
   */
  followedCacheMs?: number;
  /** How long after its last verification an answer may still be served while svc-identity does not answer. */
  staleMs: number;
  timeoutMs: number;
  /** After a failed lookup, how long stale answers are served without asking again (default 1 s). */
  retryMs?: number;
  /** How many sessions are remembered (oldest verification forgotten first; default 20,000). */
  maxEntries?: number;
  /** How many bytes the remembered sessions may take, estimated (oldest forgotten first; default 8 MiB). */
  maxBytes?: number;
  now?: () => number;
}

/**
 * Resolves the browser's session cookie to a user id by asking svc-identity (identity
 * at the edge). No other service ever sees the cookie. A short cache keeps the hop off most
 * requests; sign-out and sign-in through the gateway forget the session at once. Requests with the same
 * session that arrive while its lookup is under way share that lookup (a page load fires several calls
 * at once, and fifty at once under load) instead of each asking svc-identity.
 *
 * Memory stays bounded whatever clients send: the cache is keyed by a digest of the session id (never
 * the raw Cookie header), only signed-in answers are kept, entries leave once older than both the cache
 * and the stale bound, and the cache holds at most maxEntries entries and maxBytes bytes. A header
 * without a session cookie is anonymous without asking svc-identity.
 *
 * One domain's outage stays in its domain: while svc-identity does not answer, a session it
 * verified within staleMs is still served (stale-if-error), so quests, goals and the community keep
 * working through an identity restart. What makes that safe is revocation: svc-identity publishes
 * identity.session_revoked on sign-out, and revoke() drops the session here at once, before any stale
 * answer could be served. A cookie signed out through this gateway while svc-identity is away is
 * refused at once as well (signOutLocally). A stale answer is only ever served while svc-identity
 * itself fails; when it answers, its answer wins.
 */
export function createSessionResolver(options: SessionResolverOptions) {
  const now = options.now ?? Date.now;
  const retryMs = options.retryMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 20_000;
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const followedCacheMs = Math.max(options.cacheMs, options.followedCacheMs ?? options.cacheMs);
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
  const pending = new Map<string, Promise<SessionLookup>>();
  /** Sessions revoked by hash: an answer naming one is refused even if it raced the revocation. */
  const revokedHashes = new Map<string, number>();
  /** Session keys signed out here while svc-identity was away: refused until svc-identity confirms. */
  const signedOutKeys = new Set<string>();
  let identityFailedUntil = 0;
  let lastFailure = '';
  const instances = instanceRotation(options.identityUrls, { retryMs, now });

  async function resolve(header: string | undefined, requestId: string): Promise<SessionLookup> {
    const session = sessionCookieOf(header);
    if (!session || signedOutKeys.has(session.key)) return { kind: 'anonymous' };
    const { key } = session;
    evictExpired();
    const cached = cache.get(key);
    if (cached && fresh(cached)) return answerOf(cached);
    // svc-identity failed a moment ago: do not make every request wait for it to fail again.
    if (now() < identityFailedUntil) {
      const stale = staleOr(key, lastFailure);
      if (stale.kind !== 'unavailable') return stale;
    }
    const shared = pending.get(key);
    if (shared) return shared;
    // A sign-out, sign-in or revocation while this lookup runs forgets the session: the answer is then not kept.
    const current = () => pending.get(key) === lookup;
    const lookup: Promise<SessionLookup> = ask(session, requestId, current).finally(() => {
      if (current()) pending.delete(key);
    });
    pending.set(key, lookup);
    return lookup;
  }

  async function ask(
    { key, cookie }: SessionCookie,
    requestId: string,
    current: () => boolean,
  ): Promise<SessionLookup> {
    let response: Response | undefined;
    let failure = '';
    // One instance after another: a refused connection, a timeout or a 5xx moves on to the next.
    for (const base of instances.order()) {
      try {
        const answer = await fetch(new URL('/internal/session', base), {
          headers: {
            cookie,
            'x-request-id': requestId,
            ...signInternal(options.secret, SESSION_LOOKUP, now()),
          },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (answer.status >= 500) {
          await answer.body?.cancel();
          failure = `svc-identity answered ${answer.status}`;
          instances.failed(base);
          continue;
        }
        instances.answered(base);
        response = answer;
        break;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        instances.failed(base);
      }
    }
    if (!response) return failed(key, failure);
    if (response.status === 401) {
      // Signed out: nothing is kept (a signed-out answer is cheap to ask again and costs memory to keep).
      await response.body?.cancel();
      identityFailedUntil = 0;
      drop(key);
      return { kind: 'anonymous' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return failed(key, `svc-identity answered ${response.status}`);
    }
    const body = (await response.json().catch(() => ({}))) as {
      userId?: unknown;
      role?: unknown;
      sessionHash?: unknown;
    };
    if (typeof body.userId !== 'string' || body.userId.length > MAX_ANSWER_FIELD)
      return failed(key, 'malformed session answer');
    // Only svc-identity's explicit 'admin' grants admin rights; anything else is a member.
    const role: UserRole = body.role === 'admin' ? 'admin' : 'member';
    const sessionHash =
      typeof body.sessionHash === 'string' && body.sessionHash.length <= MAX_ANSWER_FIELD
        ? body.sessionHash
        : undefined;
    // The revocation event can overtake the store's delete (svc-identity publishes, then commits).
    if (sessionHash && revokedHashes.has(sessionHash)) return { kind: 'anonymous' };
    identityFailedUntil = 0;
    if (current()) remember(key, body.userId, role, sessionHash);
    return { kind: 'signed-in', userId: body.userId, role };
  }

  function failed(key: string, reason: string): SessionLookup {
    identityFailedUntil = now() + retryMs;
    lastFailure = reason;
    return staleOr(key, reason);
  }

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

  function answerOf(entry: CacheEntry): SessionLookup & { kind: 'signed-in' } {
    return { kind: 'signed-in', userId: entry.userId, role: entry.role };
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

  function forget(header: string | undefined) {
    const session = sessionCookieOf(header);
    if (!session) return;
    drop(session.key);
    pending.delete(session.key);
  }

  /** An identity.session_revoked event: the session (or every session of the user) ends here now. */
  function revoke(revocation: Revocation): number {
    let dropped = 0;
    for (const [key, entry] of cache) {
      const match = revocation.sessionHash
        ? entry.sessionHash === revocation.sessionHash
        : entry.userId === revocation.userId;
      if (match) {
        drop(key);
        dropped += 1;
      }
    }
    // Lookups under way may have been answered before the revocation: none of them is kept.
    pending.clear();
    if (revocation.sessionHash) {
      revokedHashes.set(revocation.sessionHash, now());
      pruneRevokedHashes();
    }
    return dropped;
  }

  function pruneRevokedHashes() {
    // A revoked session never comes back, but the race it guards against lasts seconds, not days.
    const horizon = now() - Math.max(options.staleMs, 60_000);
    for (const [hash, at] of revokedHashes) {
      if (at >= horizon && revokedHashes.size <= maxEntries) break;
      revokedHashes.delete(hash);
    }
  }

  /** Sign-out through this gateway while svc-identity is away: refuse the session until svc-identity confirms. */
  function signOutLocally(header: string) {
    const session = sessionCookieOf(header);
    if (!session) return;
    forget(header);
    signedOutKeys.add(session.key);
    // At the bound the oldest sign-out goes: its session is no longer in the cache, so it is never
    // served stale; only svc-identity's own answer could still vouch for it until the replay reaches it.
    for (const oldest of signedOutKeys) {
      if (signedOutKeys.size <= maxEntries) break;
      signedOutKeys.delete(oldest);
    }
  }

  /** svc-identity has ended the session itself: its own answer (401) now refuses the cookie. */
  function signOutConfirmed(header: string) {
    const session = sessionCookieOf(header);
    if (session) signedOutKeys.delete(session.key);
  }

  /** What the cache holds now: entries and their estimated bytes (and the other bounded sets' sizes). */
  function stats() {
    evictExpired();
    return {
      entries: cache.size,
      bytes: cacheBytes,
      pending: pending.size,
      revokedHashes: revokedHashes.size,
      signedOut: signedOutKeys.size,
    };
  }

  return { resolve, forget, revoke, signOutLocally, signOutConfirmed, followRevocations, stats };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;
