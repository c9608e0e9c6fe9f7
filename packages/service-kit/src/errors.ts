import type { Middleware } from 'koa';
import type { Logger } from './telemetry/logger.ts';
import { redactUrl } from './telemetry/redact.ts';

export interface AppErrorOptions {
  details?: unknown;
  cause?: unknown;
  /** Response headers that belong to the error, e.g. Retry-After on a 429. */
  headers?: Record<string, string>;
}

/** The one error type services throw on purpose; errorMiddleware turns it into `{ error: { code, message, details? } }`. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(code: string, message: string, status = 400, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    if (options.details !== undefined) this.details = options.details;
    if (options.headers !== undefined) this.headers = options.headers;
  }
}

export const unauthenticated = (message = 'Authentication required') =>
  new AppError('UNAUTHENTICATED', message, 401);
/** Unknown ids and other users' ids look the same from outside: both are 404. */
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message, 404);
export const conflict = (message: string, details?: unknown) =>
  new AppError('CONFLICT', message, 409, { details });

export interface ValidationIssue {
  path: string;
  message: string;
}

interface ZodLikeError {
  name: string;
  issues: Array<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** Duck-typed so a ZodError from any zod copy (koa-session bundles zod 3) is recognised. */
export function isZodError(err: unknown): err is ZodLikeError {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { name?: unknown }).name === 'ZodError' &&
    Array.isArray((err as { issues?: unknown }).issues)
  );
}

export function validationError(err: ZodLikeError): AppError {
  const details: ValidationIssue[] = err.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  // Users see the first failing rule's own message, e.g. 'Username must be at least 3 characters'.
  return new AppError('VALIDATION_FAILED', details[0]?.message ?? 'Invalid request', 400, {
    details,
    cause: err,
  });
}

const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The driver's names for "the database could not be reached or went away mid-operation" (no server
 * selected, connection closed or timed out, pool cleared). Nothing was decided, so the client may retry:
 * a 503, not a 500 that reads as a bug.
 */
const DATABASE_UNAVAILABLE = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
  'MongoNotConnectedError',
]);

function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (DATABASE_UNAVAILABLE.has(e.name)) return true;
  }
  return false;
}

/**
 * The database refused to store (or serve) anything because its disk is full or its journal failed:
 * MongoDB's OutOfDiskSpace (14031), or the embedded server's failed journal write. Nothing was
 * written, so the client may retry once the operator has made room: a 503.
 */
function isStorageRefused(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 14031) return true;
    if (code === 1 && e.message.startsWith('journal write failed')) return true;
  }
  return false;
}

/** Anything thrown becomes an AppError; unknown failures become a 500 whose details stay in the log. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isZodError(err)) return validationError(err);
  if (isDatabaseUnavailable(err)) {
    return new AppError(
      'DATABASE_UNAVAILABLE',
      'The service could not reach its database. Please try again shortly.',
      503,
      { cause: err },
    );
  }
  if (isStorageRefused(err)) {
    return new AppError(
      'DATABASE_UNAVAILABLE',
      'The service cannot store changes right now. Nothing was saved; please try again later.',
      503,
      { cause: err },
    );
  }
  const status =
    typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined;
  const expose =
    typeof err === 'object' && err !== null ? (err as { expose?: unknown }).expose : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500 && expose !== false) {
    const message = err instanceof Error ? err.message : 'Bad request';
    return new AppError(codeByStatus[status] ?? 'BAD_REQUEST', message, status, { cause: err });
  }
  return new AppError('INTERNAL', 'Something went wrong. Please try again.', 500, { cause: err });
}

export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const appError = toAppError(err);
      if (appError.status >= 500) {
        logger.error('request failed', {
          method: ctx.method,
          path: redactUrl(ctx.path),
          error: err,
        });
      }
      ctx.status = appError.status;
      if (appError.headers) ctx.set(appError.headers);
      ctx.body = {
        error: {
          code: appError.code,
          message: appError.message,
          ...(appError.details === undefined ? {} : { details: appError.details }),
        },
      };
    }
  };
}
