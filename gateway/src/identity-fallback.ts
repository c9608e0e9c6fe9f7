import type { IncomingMessage, ServerResponse } from 'node:http';
import { API, API_PREFIX } from '@levelup/contracts';
import { instanceRotation } from './instance-rotation.ts';
import { sessionCookieOf, type SessionResolver } from './session-resolver.ts';

/** How many sign-outs wait for svc-identity at most (default): past it the oldest is let go. */
const MAX_REPLAYS = 10_000;

/** svc-identity's session cookie (koa-session's key and its signature). */
const SESSION_COOKIES = ['levelup.sid', 'levelup.sid.sig'];
const SIGN_OUT_PATH = API.logout.path;

type Log = (message: string, fields?: Record<string, unknown>) => void;

/**
 * What the gateway answers on svc-identity's routes while svc-identity is away: sign-in,
 * sign-up and the profile get a JSON 503 IDENTITY_UNAVAILABLE with a message the shell can show.
 *
 * Sign-out while svc-identity is away. The gateway serves recently verified sessions while
 * svc-identity does not answer, so a sign-out must not wait for it: the gateway refuses the cookie at
 * once, clears it in the browser, and tells svc-identity to end the session as soon as it answers again
 * (until then the copy of the cookie is refused here). The replay list lives in this process only: a
 * gateway restarted during the outage forgets it, and then the session ends when it expires. It is keyed
 * by session and holds only the session cookies, at most maxReplays of them (the oldest let go first,
 * logged), so sign-outs during a long outage cannot grow the gateway without bound.
 */
export function createIdentityFallback(options: {
  /** Every svc-identity instance: a sign-out is passed on to the first that answers. */
  identityUrls: readonly string[];
  sessions: SessionResolver;
  timeoutMs: number;
  retryMs?: number;
  /** How many sign-outs may wait for svc-identity (default 10,000). */
  maxReplays?: number;
  log: Log;
}) {
  const maxReplays = options.maxReplays ?? MAX_REPLAYS;
  /** Session key to the session cookies to pass on, oldest first. */
  const replays = new Map<string, string>();
  const instances = instanceRotation(options.identityUrls, { retryMs: options.retryMs ?? 2_000 });
  let firstRead: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let replaying = false;

  /** The identity proxy's fallback when svc-identity failed: signs out here, or a clear 503. */
  function fallback(req: IncomingMessage, res: ServerResponse): boolean {
    const path = new URL(req.url ?? '/', 'http://gateway').pathname;
    if (req.method === 'POST' && path === SIGN_OUT_PATH) signOutHere(req, res);
    else if (path.startsWith(`${API_PREFIX}/`)) unavailable(res);
    else return false;
    return true;
  }

  function unavailable(res: ServerResponse) {
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '5',
    });
    res.end(
      JSON.stringify({
        error: {
          code: 'IDENTITY_UNAVAILABLE',
          message: 'The sign-in service is unavailable right now. Please try again in a moment.',
        },
      }),
    );
  }

  function signOutHere(req: IncomingMessage, res: ServerResponse) {
    const session = sessionCookieOf(req.headers.cookie);
    if (session) {
      options.sessions.signOutLocally(session.cookie);
      replays.delete(session.key);
      replays.set(session.key, session.cookie);
      for (const [oldest] of replays) {
        if (replays.size <= maxReplays) break;
        replays.delete(oldest);
        options.log('too many sign-outs waiting for svc-identity: the oldest is let go', {
          waiting: replays.size,
        });
      }
      schedule();
    }
    options.log('signed out at the gateway; svc-identity will be told when it answers', {
      requestId: req.headers['x-request-id'],
    });
    res.writeHead(303, {
      location: '/',
      'cache-control': 'no-store',
      'set-cookie': SESSION_COOKIES.map(
        (name) => `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; httponly; samesite=lax`,
      ),
    });
    res.end();
  }

  function schedule() {
    timer ??= setInterval(() => void replay(), options.retryMs ?? 2_000);
    timer.unref();
  }

  async function replay() {
    if (replaying) return;
    replaying = true;
    try {
      for (const [key, cookie] of replays) {
        if (!(await passOn(cookie))) break; // still away: try again on the next tick
        replays.delete(key);
        options.sessions.signOutConfirmed(cookie);
        options.log('sign-out passed on to svc-identity');
      }
    } finally {
      replaying = false;
      if (replays.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    }
  }

  /** Whether an instance of svc-identity took the sign-out. */
  async function passOn(cookie: string): Promise<boolean> {
    await firstRead;
    for (const base of instances.order()) {
      try {
        const response = await fetch(new URL(SIGN_OUT_PATH, base), {
          method: 'POST',
          headers: { cookie, 'x-forwarded-proto': 'https' },
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        await response.body?.cancel();
        if (response.status < 500) {
          instances.answered(base);
          return true;
        }
      } catch {
        // this instance is away: the next one
      }
      instances.failed(base);
    }
    return false;
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = undefined;
  }

  return {
    fallback,
    pending: () => replays.size,
    /**
     * Sign-outs are passed on to the instances `current` reports from now on (the identity pool's), none
     * before the pool's first read (`ready`) is done.
     */
    followInstances(current: () => readonly string[], ready: Promise<unknown>): void {
      instances.follow(current);
      firstRead = ready.catch(() => undefined);
    },
    stop,
  };
}

export type IdentityFallback = ReturnType<typeof createIdentityFallback>;
