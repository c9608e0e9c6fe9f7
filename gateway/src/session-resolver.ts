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
  userId: string | null;
  role: UserRole;
  sessionHash: string | undefined;
  verifiedAt: number;
}

export interface SessionResolverOptions {
  /** Every svc-identity instance (IDENTITY_URLS, else IDENTITY_URL): a lookup one fails goes to the next. */
  identityUrls: readonly string[];
  secret: string;
  /** How long an answer is reused without asking svc-identity again. */
  cacheMs: number;
  /** How long after its last verification an answer may still be served while svc-identity does not answer. */
  staleMs: number;
  timeoutMs: number;
  /** After a failed lookup, how long stale answers are served without asking again (default 1 s). */
  retryMs?: number;
  /** How many cookies are remembered (oldest verification forgotten first). */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Resolves the browser's session cookie to a user id by asking svc-identity (architecture decision 2:
 * identity at the edge). No other service ever sees the cookie. A short cache keeps the hop off most
 * requests; sign-out and sign-in through the gateway forget the cookie at once. Requests with the same
 * cookie that arrive while its lookup is under way share that lookup (a page load fires several calls
 * at once, and fifty at once under load) instead of each asking svc-identity.
 *
 * Issue 17, one domain's outage stays in its domain: while svc-identity does not answer, a session it
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
  const maxEntries = options.maxEntries ?? 50_000;
  const cache = new Map<string, CacheEntry>();
  const pending = new Map<string, Promise<SessionLookup>>();
  /** Sessions revoked by hash: an answer naming one is refused even if it raced the revocation. */
  const revokedHashes = new Map<string, number>();
  /** Cookies signed out here while svc-identity was away: refused until svc-identity confirms. */
  const signedOutCookies = new Set<string>();
  let identityFailedUntil = 0;
  let lastFailure = '';
  const instances = instanceRotation(options.identityUrls, { retryMs, now });

  async function resolve(cookie: string | undefined, requestId: string): Promise<SessionLookup> {
    if (!cookie || signedOutCookies.has(cookie)) return { kind: 'anonymous' };
    const cached = cache.get(cookie);
    if (cached && now() - cached.verifiedAt < options.cacheMs) return answerOf(cached);
    // svc-identity failed a moment ago: do not make every request wait for it to fail again.
    if (now() < identityFailedUntil) {
      const stale = staleOr(cookie, lastFailure);
      if (stale.kind !== 'unavailable') return stale;
    }
    const shared = pending.get(cookie);
    if (shared) return shared;
    // A sign-out, sign-in or revocation while this lookup runs forgets the cookie: the answer is then not kept.
    const current = () => pending.get(cookie) === lookup;
    const lookup: Promise<SessionLookup> = ask(cookie, requestId, current).finally(() => {
      if (current()) pending.delete(cookie);
    });
    pending.set(cookie, lookup);
    return lookup;
  }

  async function ask(
    cookie: string,
    requestId: string,
    current: () => boolean,
  ): Promise<SessionLookup> {
    let response: Response | undefined;
    let failure = '';
    // One instance after another: a refused connection, a timeout or a 5xx moves on to the next.
    for (const base of instances.order()) {
      try {
        const answer = await fetch(new URL('/internal/session', base), {
          headers: { cookie, 'x-request-id': requestId, ...signInternal(options.secret, now()) },
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
    if (!response) return failed(cookie, failure);
    if (response.status === 401) {
      await response.body?.cancel();
      identityFailedUntil = 0;
      if (current()) remember(cookie, null, 'member', undefined);
      else cache.delete(cookie);
      return { kind: 'anonymous' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return failed(cookie, `svc-identity answered ${response.status}`);
    }
    const body = (await response.json().catch(() => ({}))) as {
      userId?: unknown;
      role?: unknown;
      sessionHash?: unknown;
    };
    if (typeof body.userId !== 'string') return failed(cookie, 'malformed session answer');
    // Only svc-identity's explicit 'admin' grants admin rights; anything else is a member.
    const role: UserRole = body.role === 'admin' ? 'admin' : 'member';
    const sessionHash = typeof body.sessionHash === 'string' ? body.sessionHash : undefined;
    // The revocation event can overtake the store's delete (svc-identity publishes, then commits).
    if (sessionHash && revokedHashes.has(sessionHash)) return { kind: 'anonymous' };
    identityFailedUntil = 0;
    if (current()) remember(cookie, body.userId, role, sessionHash);
    return { kind: 'signed-in', userId: body.userId, role };
  }

  function failed(cookie: string, reason: string): SessionLookup {
    identityFailedUntil = now() + retryMs;
    lastFailure = reason;
    return staleOr(cookie, reason);
  }

  /** The last answer for the cookie if it was verified within staleMs, else unavailable. */
  function staleOr(cookie: string, reason: string): SessionLookup {
    const entry = cache.get(cookie);
    if (!entry || now() - entry.verifiedAt > options.staleMs)
      return { kind: 'unavailable', reason };
    const answer = answerOf(entry);
    return answer.kind === 'signed-in' ? { ...answer, stale: true } : answer;
  }

  function answerOf(entry: CacheEntry): SessionLookup {
    return entry.userId
      ? { kind: 'signed-in', userId: entry.userId, role: entry.role }
      : { kind: 'anonymous' };
  }

  function remember(
    cookie: string,
    userId: string | null,
    role: UserRole,
    sessionHash: string | undefined,
  ) {
    if (options.cacheMs <= 0 && options.staleMs <= 0) return;
    // Re-inserted so the Map's order is the order of verification: the oldest go first when full.
    cache.delete(cookie);
    cache.set(cookie, { userId, role, sessionHash, verifiedAt: now() });
    for (const oldest of cache.keys()) {
      if (cache.size <= maxEntries) break;
      cache.delete(oldest);
    }
  }

  function forget(cookie: string | undefined) {
    if (!cookie) return;
    cache.delete(cookie);
    pending.delete(cookie);
  }

  /** An identity.session_revoked event: the session (or every session of the user) ends here now. */
  function revoke(revocation: Revocation): number {
    let dropped = 0;
    for (const [cookie, entry] of cache) {
      const match = revocation.sessionHash
        ? entry.sessionHash === revocation.sessionHash
        : entry.userId === revocation.userId;
      if (match) {
        cache.delete(cookie);
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

  /** Sign-out through this gateway while svc-identity is away: refuse the cookie until svc-identity confirms. */
  function signOutLocally(cookie: string) {
    forget(cookie);
    if (signedOutCookies.size >= maxEntries) return;
    signedOutCookies.add(cookie);
  }

  /** svc-identity has ended the session itself: its own answer (401) now refuses the cookie. */
  function signOutConfirmed(cookie: string) {
    signedOutCookies.delete(cookie);
  }

  return { resolve, forget, revoke, signOutLocally, signOutConfirmed };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;
