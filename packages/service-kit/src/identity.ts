import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { AppError, unauthenticated } from './errors.ts';

/**
 * Identity between the gateway and the services (architecture decision 2): the gateway resolves the
 * session, strips these headers from the client's request and sends its own, signed with the shared
 * IDENTITY_SECRET. Services trust nothing else.
 */
export const IDENTITY_HEADERS = [
  'x-user-id',
  'x-user-role',
  'x-identity-ts',
  'x-identity-sig',
] as const;
/** A signed-in user's role: admins schedule meetups and review feedback (issue 11). */
export type UserRole = 'member' | 'admin';
export const REQUEST_ID_HEADER = 'x-request-id';
export const INTERNAL_SIG_HEADER = 'x-internal-sig';
/** How old a signature may be; it only has to survive one hop. */
export const IDENTITY_MAX_AGE_MS = 60_000;

export type HeaderBag = Record<string, string | string[] | undefined>;

function hmac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

function header(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]+$/.test(a)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

function freshTimestamp(raw: string | undefined, now: number): string | null {
  if (!raw || !/^\d{1,16}$/.test(raw)) return null;
  return Math.abs(now - Number(raw)) <= IDENTITY_MAX_AGE_MS ? raw : null;
}

export function signIdentity(
  { userId, requestId, role = 'member' }: { userId: string; requestId: string; role?: UserRole },
  secret: string,
  now: number = Date.now(),
): Record<string, string> {
  const ts = String(now);
  return {
    'x-user-id': userId,
    'x-user-role': role,
    'x-identity-ts': ts,
    'x-identity-sig': hmac(secret, `${userId}|${role}|${requestId}|${ts}`),
  };
}

/** The signature covers the request id (header 'x-request-id'), so the gateway must forward the same one. */
export function verifyIdentity(
  headers: HeaderBag,
  secret: string,
  now: number = Date.now(),
): { userId: string; role: UserRole } | null {
  const userId = header(headers, 'x-user-id');
  const role = header(headers, 'x-user-role');
  const sig = header(headers, 'x-identity-sig');
  const ts = freshTimestamp(header(headers, 'x-identity-ts'), now);
  if (!userId || !sig || !ts || (role !== 'member' && role !== 'admin')) return null;
  const requestId = header(headers, REQUEST_ID_HEADER) ?? '';
  return sameHex(sig, hmac(secret, `${userId}|${role}|${requestId}|${ts}`))
    ? { userId, role }
    : null;
}

/** For the gateway's own calls to internal routes (e.g. svc-identity's /internal/session). */
export function signInternal(secret: string, now: number = Date.now()): Record<string, string> {
  const ts = String(now);
  return { [INTERNAL_SIG_HEADER]: hmac(secret, `internal|${ts}`), 'x-identity-ts': ts };
}

export function verifyInternal(
  headers: HeaderBag,
  secret: string,
  now: number = Date.now(),
): boolean {
  const sig = header(headers, INTERNAL_SIG_HEADER);
  const ts = freshTimestamp(header(headers, 'x-identity-ts'), now);
  if (!sig || !ts) return false;
  return sameHex(sig, hmac(secret, `internal|${ts}`));
}

declare module 'koa' {
  interface DefaultState {
    userId?: string;
    /** The caller's role, signed by the gateway with the user id. */
    role?: string;
  }
}

/** Sets ctx.state.userId from verified identity headers, or answers 401 UNAUTHENTICATED. */
export function requireIdentity(secret: string, clock: () => number = Date.now): Middleware {
  return async (ctx, next) => {
    const identity = verifyIdentity(ctx.headers, secret, clock());
    if (!identity) throw unauthenticated();
    ctx.state.userId = identity.userId;
    ctx.state.role = identity.role;
    await next();
  };
}

/** Only for internal routes called by the gateway. */
export function requireInternal(secret: string, clock: () => number = Date.now): Middleware {
  return async (ctx, next) => {
    if (!verifyInternal(ctx.headers, secret, clock()))
      throw unauthenticated('Internal signature required');
    await next();
  };
}

/** The verified user id inside a route behind requireIdentity. */
export function userIdOf(ctx: { state: { userId?: string } }): string {
  const userId = ctx.state.userId;
  if (!userId) throw unauthenticated();
  return userId;
}

/** Who is calling: the gateway's signed user id and role (svc-identity's ADMIN_USERNAMES, `npm run admin`). */
export interface Identity {
  userId: string;
  role: UserRole;
}

/** The verified caller inside a route behind requireIdentity. */
export function identityOf(ctx: { state: { userId?: string; role?: string } }): Identity {
  return { userId: userIdOf(ctx), role: ctx.state.role === 'admin' ? 'admin' : 'member' };
}

/** Admins schedule meetups, read post reports and review beta feedback (issue 11). */
export function isAdmin(identity: Identity): boolean {
  return identity.role === 'admin';
}

/** 403 FORBIDDEN: signed in, but not allowed to do this. */
export const forbidden = (message = 'Only admins can do that') =>
  new AppError('FORBIDDEN', message, 403);

export function requireAdmin(identity: Identity): void {
  if (!isAdmin(identity)) throw forbidden();
}

/** Runs `middleware` only for paths under `prefix` (e.g. every '/api/' route needs the identity). */
export function forPathPrefix(prefix: string, middleware: Middleware): Middleware {
  return async (ctx, next) => {
    if (ctx.path === prefix.replace(/\/$/, '') || ctx.path.startsWith(prefix)) {
      await middleware(ctx, next);
    } else {
      await next();
    }
  };
}
