import { createHash } from 'node:crypto';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import { createSession } from 'koa-session';
import type { IdentityModels } from '../users/models.ts';

export const SESSION_COOKIE = 'levelup.sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** What we keep in a session: the user id only, never profile data. */
export interface SessionState {
  userId?: string;
  regenerate(): Promise<void> | undefined;
}

declare module 'koa' {
  interface BaseContext {
    session: SessionState | null;
  }
}

/** koa-session store in MongoDB (collection auth_sessions, TTL index on expiresAt). */
export function mongoSessionStore({ Session }: IdentityModels) {
  return {
    async get(key: string): Promise<Record<string, unknown> | undefined> {
      const doc = await Session.findById(key).lean();
      // The TTL monitor runs about once a minute: an expired document may still be there.
      if (!doc || doc.expiresAt.getTime() <= Date.now()) return undefined;
      return doc.data;
    },
    async set(key: string, data: Record<string, unknown>, maxAge: number): Promise<void> {
      const userId = typeof data.userId === 'string' ? data.userId : null;
      await Session.updateOne(
        { _id: key },
        { $set: { data, userId, expiresAt: new Date(Date.now() + maxAge) } },
        { upsert: true },
      );
    },
    async destroy(key: string): Promise<void> {
      await Session.deleteOne({ _id: key });
    },
  };
}

export function sessionMiddleware(
  app: Koa,
  models: IdentityModels,
  options: { secure: boolean },
): Middleware {
  const session = createSession(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      secure: options.secure,
      rolling: false,
      renew: true,
      store: mongoSessionStore(models),
    },
    app,
  );
  // Secure whenever the browser's connection is HTTPS; with COOKIE_SECURE always (plain HTTP then fails).
  return async (ctx, next) => {
    ctx.sessionOptions!.secure = options.secure || ctx.secure;
    return session(ctx, next);
  };
}

/** Signs the user in on a fresh session id (no session fixation: the pre-sign-in id is destroyed). */
export async function startSession(ctx: Koa.Context, userId: string): Promise<void> {
  const session = ctx.session;
  if (!session) throw new Error('session middleware missing');
  session.userId = userId;
  // Destroys the old store entry and saves this session under a new id (koa-session >= 6.4).
  await session.regenerate();
}

export function endSession(ctx: Koa.Context): void {
  ctx.session = null;
}

export function sessionUserId(ctx: Koa.Context): string | undefined {
  const userId = ctx.session?.userId;
  return typeof userId === 'string' && userId ? userId : undefined;
}

/**
 * The current session as the gateway and the revocation event name it: the user and a SHA-256 of the
 * session's store key (the key is what the cookie carries, so only its hash leaves this service).
 */
export interface SessionRef {
  userId: string;
  sessionHash: string;
}

export function sessionHashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function currentSessionRef(ctx: Koa.Context): SessionRef | undefined {
  const userId = sessionUserId(ctx);
  // signed: only a key this service issued (the .sig cookie checks out) names a session.
  const key = ctx.cookies.get(SESSION_COOKIE, { signed: true });
  return userId && key ? { userId, sessionHash: sessionHashOf(key) } : undefined;
}
