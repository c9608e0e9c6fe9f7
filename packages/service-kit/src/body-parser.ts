import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { DEFAULT_MAX_BODY_BYTES, maxBodyBytesOf } from '@levelup/contracts';
import { AppError } from './errors.ts';

declare module 'koa' {
  interface Request {
    /** Parsed JSON body (undefined when the request had none). */
    body?: unknown;
  }
}

export const DEFAULT_BODY_LIMIT = DEFAULT_MAX_BODY_BYTES;

const PARSED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * JSON bodies only, at most `limit` bytes, parsed by @koa/bodyparser (co-body underneath; it
 * replaced the hand-written reader). What stays ours is the error shape: another media type with a body
 * is a 415, a body over the limit a 413, broken JSON a 400 INVALID_JSON, each in the services' JSON error
 * form. Strict JSON: a body is an object or an array (a bare `null` or `3` is not a request). Services
 * sit behind the gateway, which never parses bodies itself (it streams them through).
 */
export function jsonBody(limit: number = DEFAULT_BODY_LIMIT): Middleware {
  const parserOf = (bytes: number) =>
    bodyParser({
      enableTypes: ['json'],
      extendTypes: { json: JSON_TYPES },
      parsedMethods: PARSED_METHODS,
      jsonLimit: bytes,
      jsonStrict: true,
      onError: (err) => {
        throw toBodyError(err, bytes);
      },
    });
  const parsers = new Map<number, Middleware>([[limit, parserOf(limit)]]);
  // A call the contract gives a larger body (an import) gets a parser with its own limit.
  const parserFor = (method: string, path: string) => {
    const own = maxBodyBytesOf(method, path);
    const bytes = own > DEFAULT_MAX_BODY_BYTES ? own : limit;
    if (!parsers.has(bytes)) parsers.set(bytes, parserOf(bytes));
    return parsers.get(bytes)!;
  };
  return async (ctx, next) => {
    if (!PARSED_METHODS.includes(ctx.method) || !hasBody(ctx.req.headers)) {
      await next();
      return;
    }
    if (!ctx.is(JSON_TYPES)) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as application/json',
        415,
      );
    }
    await parserFor(ctx.method, ctx.path)(ctx, next);
  };
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

function toBodyError(err: Error & { type?: string; status?: number }, limit: number): AppError {
  if (err.type === 'entity.too.large' || err.status === 413) {
    return new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes`, 413);
  }
  return new AppError('INVALID_JSON', 'The request body is not valid JSON', 400, { cause: err });
}

/**
 * A request without a body reads as {} (so defaults apply, e.g. Add XP's 10); a body that is there,
 * JSON null included, is validated as sent (null is not an empty object).
 */
export function bodyOrEmpty(body: unknown): unknown {
  return body === undefined ? {} : body;
}
