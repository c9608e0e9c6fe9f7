import {
  createHash,
  createHmac,
  createSecretKey,
  hkdfSync,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { AppError, unauthenticated } from './errors.ts';

/**
 * Identity between the gateway and the services (docs/architecture.md): the gateway resolves the
 * session, strips these headers from the client's request and sends its own. Services trust nothing else.
 *
 * The signature is bound to one request to one service: it covers the service's name, the method, the
 * path with its query, a SHA-256 of the body, the user, the role, the request id and the time, and it is
 * made with a key of that service's own, derived from IDENTITY_SECRET with HKDF and the service's name.
 * So a signed request cannot be replayed with another body, to another route or to another service, and
 * it is good for 10 seconds (one hop on one network).
 */
export const IDENTITY_HEADERS = [
  'x-user-id',
  'x-user-role',
  'x-identity-ts',
  'x-identity-sig',
] as const;
/** A signed-in user's role: admins schedule meetups and review feedback. */
export type UserRole = 'member' | 'admin';
export const REQUEST_ID_HEADER = 'x-request-id';
export const INTERNAL_SIG_HEADER = 'x-internal-sig';
/** How old (or how far ahead) a signature may be; it only has to survive one hop. */
export const IDENTITY_MAX_AGE_MS = 10_000;

export type HeaderBag = Record<string, string | string[] | undefined>;

/** The request a signature is bound to: which service, method, path (with query) and body. */
export interface SignedRequest {
  /** The service's name, as its createServiceApp knows it: 'svc-quests'. */
  service: string;
  method: string;
  /** The path and query exactly as sent: '/api/quests?limit=5'. */
  path: string;
  /** The body as sent (none: empty). */
  body?: string | Uint8Array | undefined;
}

const keys = new Map<string, Buffer>();
/** The service's own signing key: HKDF-SHA256 of IDENTITY_SECRET with the service's name. */
export function serviceKey(secret: string, service: string): Buffer {
  const id = `${service}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'levelup-identity', `service:${service}`, 32));
    if (keys.size > 64) keys.clear();
    keys.set(id, key);
  }
  return key;
}

/** SHA-256 (hex) of a body; an absent body hashes as the empty one. */
export function bodyDigest(body: string | Uint8Array | undefined): string {
  return createHash('sha256')
    .update(body ?? '')
    .digest('hex');
}

/**
 * The same keys as KeyObjects, made once: an HMAC over a Buffer key builds a key object on every call,
 * which took about 8 of its 9.5 µs (a share of every request's CPU in the gateway and each service).
 */
const keyObjects = new WeakMap<Buffer, KeyObject>();

function hmac(key: Buffer, payload: string): string {
  let keyObject = keyObjects.get(key);
  if (!keyObject) {
    keyObject = createSecretKey(key);
    keyObjects.set(key, keyObject);
  }
  return createHmac('sha256', keyObject).update(payload).digest('hex');
}

const requestPart = (request: SignedRequest) =>
  `${request.method.toUpperCase()}|${request.path}|${bodyDigest(request.body)}`;

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
  request: SignedRequest,
  now: number = Date.now(),
): Record<string, string> {
  const ts = String(now);
  const payload = `identity|${userId}|${role}|${requestId}|${requestPart(request)}|${ts}`;
  return {
    'x-user-id': userId,
    'x-user-role': role,
    'x-identity-ts': ts,
    'x-identity-sig': hmac(serviceKey(secret, request.service), payload),
  };
}

/** The signature covers the request id (header 'x-request-id'), so the gateway must forward the same one. */
export function verifyIdentity(
  headers: HeaderBag,
  secret: string,
  request: SignedRequest,
  now: number = Date.now(),
): { userId: string; role: UserRole } | null {
  const userId = header(headers, 'x-user-id');
  const role = header(headers, 'x-user-role');
  const sig = header(headers, 'x-identity-sig');
  const ts = freshTimestamp(header(headers, 'x-identity-ts'), now);
  if (!userId || !sig || !ts || (role !== 'member' && role !== 'admin')) return null;
  const requestId = header(headers, REQUEST_ID_HEADER) ?? '';
  const payload = `identity|${userId}|${role}|${requestId}|${requestPart(request)}|${ts}`;
  return sameHex(sig, hmac(serviceKey(secret, request.service), payload)) ? { userId, role } : null;
}

/** For the gateway's own calls to internal routes (e.g. svc-identity's /internal/session). */
export function signInternal(
  secret: string,
  request: SignedRequest,
  now: number = Date.now(),
): Record<string, string> {
  const ts = String(now);
  return {
    [INTERNAL_SIG_HEADER]: hmac(
      serviceKey(secret, request.service),
      `internal|${requestPart(request)}|${ts}`,
    ),
    'x-identity-ts': ts,
  };
}

export function verifyInternal(
  headers: HeaderBag,
  secret: string,
  request: SignedRequest,
  now: number = Date.now(),
): boolean {
  const sig = header(headers, INTERNAL_SIG_HEADER);
  const ts = freshTimestamp(header(headers, 'x-identity-ts'), now);
  if (!sig || !ts) return false;
  return sameHex(
    sig,
    hmac(serviceKey(secret, request.service), `internal|${requestPart(request)}|${ts}`),
  );
}

/**
 * The request as this service received it, for checking a signature: method, path with query, and the
 * body as read by the JSON body parser (which runs before any identity check).
 */
export function signedRequestOf(ctx: Context, service: string): SignedRequest {
  return {
    service,
    method: ctx.method,
    path: ctx.originalUrl,
    body: (ctx.request as { rawBody?: string }).rawBody,
  };
}

declare module 'koa' {
  interface DefaultState {
    userId?: string;
    /** The caller's role, signed by the gateway with the user id. */
    role?: string;
  }
}

/** Sets ctx.state.userId from verified identity headers, or answers 401 UNAUTHENTICATED. */
export function requireIdentity(
  secret: string,
  service: string,
  clock: () => number = Date.now,
): Middleware {
  return async (ctx, next) => {
    const identity = verifyIdentity(ctx.headers, secret, signedRequestOf(ctx, service), clock());
    if (!identity) throw unauthenticated();
    ctx.state.userId = identity.userId;
    ctx.state.role = identity.role;
    await next();
  };
}

/** Only for internal routes called by the gateway. */
export function requireInternal(
  secret: string,
  service: string,
  clock: () => number = Date.now,
): Middleware {
  return async (ctx, next) => {
    if (!verifyInternal(ctx.headers, secret, signedRequestOf(ctx, service), clock()))
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

/** Admins schedule meetups, read post reports and review beta feedback. */
export function isAdmin(identity: Identity): boolean {
  return identity.role === 'admin';
}

/** 403 FORBIDDEN: signed in, but not allowed to do this. */
export const forbidden = (message = 'Only admins can do that') =>
  new AppError('FORBIDDEN', message, 403);

export function requireAdmin(identity: Identity): void {
  if (!isAdmin(identity)) throw forbidden();
}

/**
 * Admins only, checked before the request is parsed (`mount(..., { use: [adminOnly] })`): a member
 * learns nothing about an admin call's ids or body rules.
 */
export const adminOnly: Middleware = async (ctx, next) => {
  requireAdmin(identityOf(ctx));
  await next();
};

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
