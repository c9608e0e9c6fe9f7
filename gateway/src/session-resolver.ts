import { createHash } from 'node:crypto';
import { INTERNAL } from '@levelup/contracts';
import { callInternal, type InternalAnswer } from '@levelup/service-kit';
import type { UserRole } from '@levelup/service-kit';
import { instanceRotation, type InstanceRotation } from './instance-rotation.ts';
import { answerOf, createSessionCache } from './session-cache.ts';

export type SessionLookup =
  | { kind: 'signed-in'; userId: string; role: UserRole; stale?: true }
  | { kind: 'anonymous' }
  | { kind: 'unavailable'; reason: string };

/** What an identity.session_revoked event names: one session by hash, or every session of the user. */
export interface Revocation {
  userId: string;
  sessionHash?: string | undefined;
}

/** svc-identity's session cookie and its signature (koa-session): the only cookies a lookup needs. */
export const SESSION_COOKIE = 'levelup.sid';
const SESSION_SIG_COOKIE = `${SESSION_COOKIE}.sig`;
/** svc-identity's session keys and signatures are far shorter: a longer value is nobody's session. */
const MAX_SESSION_VALUE = 256;

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

/**
 * Asks svc-identity for the session (INTERNAL.sessionOf), one instance after another: a refused
 * connection, a timeout, an answer off its contract or a 5xx moves on to the next. No answer means none
 * answered (failure says why).
 */
async function askInstances(
  instances: InstanceRotation,
  request: {
    cookie: string;
    requestId: string;
    secret: string;
    timeoutMs: number;
    now: () => number;
  },
): Promise<{ answer: InternalAnswer<typeof INTERNAL.sessionOf> | undefined; failure: string }> {
  let failure = '';
  for (const baseUrl of instances.order()) {
    try {
      const answer = await callInternal(
        INTERNAL.sessionOf,
        {},
        {
          baseUrl,
          secret: request.secret,
          timeoutMs: request.timeoutMs,
          headers: { cookie: request.cookie, 'x-request-id': request.requestId },
          now: request.now,
        },
      );
      if (answer.status >= 500) {
        failure = `svc-identity answered ${answer.status}`;
        instances.failed(baseUrl);
        continue;
      }
      instances.answered(baseUrl);
      return { answer, failure };
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      instances.failed(baseUrl);
    }
  }
  return { answer: undefined, failure };
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
 * Keys seen within `horizonMs`, at most `maxEntries` of them (the oldest go first): what the gateway
 * remembers of revoked sessions and of sign-outs it made while svc-identity was away.
 */
function recentlySeen(maxEntries: number, horizonMs: number, now: () => number) {
  const seenAt = new Map<string, number>();
  return {
    add(key: string) {
      seenAt.set(key, now());
      const horizon = now() - horizonMs;
      for (const [oldest, at] of seenAt) {
        if (at >= horizon && seenAt.size <= maxEntries) break;
        seenAt.delete(oldest);
      }
    },
    has: (key: string) => seenAt.has(key),
    delete: (key: string) => seenAt.delete(key),
    get size() {
      return seenAt.size;
    },
  };
}

/** Drops the cached sessions a revocation names (one by hash, or every session of the user). */
function dropRevoked(cache: ReturnType<typeof createSessionCache>, revocation: Revocation): number {
  let dropped = 0;
  for (const [key, entry] of cache.entries()) {
    const match = revocation.sessionHash
      ? entry.sessionHash === revocation.sessionHash
      : entry.userId === revocation.userId;
    if (match) {
      cache.drop(key);
      dropped += 1;
    }
  }
  return dropped;
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
  const cache = createSessionCache({
    cacheMs: options.cacheMs,
    followedCacheMs,
    staleMs: options.staleMs,
    maxEntries,
    maxBytes,
    now,
  });
  const pending = new Map<string, Promise<SessionLookup>>();
  /** Sessions revoked by hash: an answer naming one is refused even if it raced the revocation. */
  // A revoked session never comes back, but the race it guards against lasts seconds, not days.
  const revokedHashes = recentlySeen(maxEntries, Math.max(options.staleMs, 60_000), now);
  /** Session keys signed out here while svc-identity was away: refused until svc-identity confirms. */
  const signedOutKeys = recentlySeen(maxEntries, Infinity, now);
  let identityFailedUntil = 0;
  let lastFailure = '';
  const instances = instanceRotation(options.identityUrls, { retryMs, now });
  /** Settled once the instances followed are known (at once unless followInstances says otherwise). */
  let firstRead: Promise<unknown> = Promise.resolve();

  async function resolve(header: string | undefined, requestId: string): Promise<SessionLookup> {
    const session = sessionCookieOf(header);
    if (!session || signedOutKeys.has(session.key)) return { kind: 'anonymous' };
    const { key } = session;
    cache.evictExpired();
    const cached = cache.get(key);
    if (cached && cache.fresh(cached)) return answerOf(cached);
    // svc-identity failed a moment ago: do not make every request wait for it to fail again.
    if (now() < identityFailedUntil) {
      const stale = cache.staleOr(key, lastFailure);
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
    await firstRead;
    const { answer, failure } = await askInstances(instances, {
      cookie,
      requestId,
      secret: options.secret,
      timeoutMs: options.timeoutMs,
      now,
    });
    if (!answer) return failed(key, failure);
    if (answer.status === 401) {
      // Signed out: nothing is kept (a signed-out answer is cheap to ask again and costs memory to keep).
      identityFailedUntil = 0;
      cache.drop(key);
      return { kind: 'anonymous' };
    }
    if (!answer.ok) return failed(key, `svc-identity answered ${answer.status}`);
    const { userId, role, sessionHash } = answer.data;
    // The revocation event can overtake the store's delete (svc-identity publishes, then commits).
    if (sessionHash && revokedHashes.has(sessionHash)) return { kind: 'anonymous' };
    identityFailedUntil = 0;
    if (current()) cache.remember(key, userId, role, sessionHash);
    return { kind: 'signed-in', userId, role };
  }

  function failed(key: string, reason: string): SessionLookup {
    identityFailedUntil = now() + retryMs;
    lastFailure = reason;
    return cache.staleOr(key, reason);
  }

  function forget(header: string | undefined) {
    const session = sessionCookieOf(header);
    if (!session) return;
    cache.drop(session.key);
    pending.delete(session.key);
  }

  /** An identity.session_revoked event: the session (or every session of the user) ends here now. */
  function revoke(revocation: Revocation): number {
    const dropped = dropRevoked(cache, revocation);
    // Lookups under way may have been answered before the revocation: none of them is kept.
    pending.clear();
    if (revocation.sessionHash) {
      revokedHashes.add(revocation.sessionHash);
    }
    return dropped;
  }

  /** Sign-out through this gateway while svc-identity is away: refuse the session until svc-identity confirms. */
  function signOutLocally(header: string) {
    const session = sessionCookieOf(header);
    if (!session) return;
    forget(header);
    // At the bound the oldest sign-out goes: its session is no longer in the cache, so it is never
    // served stale; only svc-identity's own answer could still vouch for it until the replay reaches it.
    signedOutKeys.add(session.key);
  }

  /** svc-identity has ended the session itself: its own answer (401) now refuses the cookie. */
  function signOutConfirmed(header: string) {
    const session = sessionCookieOf(header);
    if (session) signedOutKeys.delete(session.key);
  }

  /** What the cache holds now: entries and their estimated bytes (and the other bounded sets' sizes). */
  function stats() {
    cache.evictExpired();
    return {
      entries: cache.size(),
      bytes: cache.bytes(),
      pending: pending.size,
      revokedHashes: revokedHashes.size,
      signedOut: signedOutKeys.size,
    };
  }

  return {
    resolve,
    forget,
    revoke,
    signOutLocally,
    signOutConfirmed,
    followRevocations: cache.followRevocations,
    /**
     * Lookups go to the instances `current` reports from now on (the identity pool's, when the gateway
     * resolves svc-identity's name itself: UPSTREAM_DNS_REFRESH_MS), as the proxy does, none before the
     * pool's first read (`ready`) is done.
     */
    followInstances(current: () => readonly string[], ready: Promise<unknown>): void {
      instances.follow(current);
      firstRead = ready.catch(() => undefined);
    },
    stats,
  };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;
