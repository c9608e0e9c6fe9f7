import { signInternal } from '@levelup/service-kit';

export type SessionLookup =
  | { kind: 'signed-in'; userId: string }
  | { kind: 'anonymous' }
  | { kind: 'unavailable'; reason: string };

interface CacheEntry {
  userId: string | null;
  expiresAt: number;
}

/**
 * Resolves the browser's session cookie to a user id by asking svc-identity (architecture decision 2:
 * identity at the edge). No other service ever sees the cookie. A short cache keeps the hop off most
 * requests; sign-out and sign-in through the gateway forget the cookie at once.
 */
export function createSessionResolver(options: {
  identityUrl: string;
  secret: string;
  cacheMs: number;
  timeoutMs: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const cache = new Map<string, CacheEntry>();
  const lookupUrl = new URL('/internal/session', options.identityUrl).toString();

  async function resolve(cookie: string | undefined, requestId: string): Promise<SessionLookup> {
    if (!cookie) return { kind: 'anonymous' };
    const cached = cache.get(cookie);
    if (cached && cached.expiresAt > now()) {
      return cached.userId ? { kind: 'signed-in', userId: cached.userId } : { kind: 'anonymous' };
    }
    let response: Response;
    try {
      response = await fetch(lookupUrl, {
        headers: { cookie, 'x-request-id': requestId, ...signInternal(options.secret, now()) },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      return {
        kind: 'unavailable',
        reason: error instanceof Error ? error.message : String(error),
      };
    }
    if (response.status === 401) {
      await response.body?.cancel();
      remember(cookie, null);
      return { kind: 'anonymous' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'unavailable', reason: `svc-identity answered ${response.status}` };
    }
    const body = (await response.json()) as { userId?: unknown };
    if (typeof body.userId !== 'string')
      return { kind: 'unavailable', reason: 'malformed session answer' };
    remember(cookie, body.userId);
    return { kind: 'signed-in', userId: body.userId };
  }

  function remember(cookie: string, userId: string | null) {
    if (options.cacheMs <= 0) return;
    if (cache.size > 10_000) cache.clear();
    cache.set(cookie, { userId, expiresAt: now() + options.cacheMs });
  }

  function forget(cookie: string | undefined) {
    if (cookie) cache.delete(cookie);
  }

  return { resolve, forget };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;
