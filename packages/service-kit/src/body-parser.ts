import type { Middleware } from 'koa';
import { AppError } from './errors.ts';

declare module 'koa' {
  interface Request {
    /** Parsed JSON body (undefined when the request had none). */
    body?: unknown;
  }
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * A tiny JSON body parser: only `application/json` (or `+json`) bodies, at most `limit` bytes.
 * Services sit behind the gateway, which never parses bodies itself (it streams them through).
 */
export function jsonBody(limit: number = DEFAULT_BODY_LIMIT): Middleware {
  return async (ctx, next) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) || !hasBody(ctx.req.headers)) {
      await next();
      return;
    }
    if (!ctx.is('application/json', '+json')) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as application/json',
        415,
      );
    }
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > limit) throw tooLarge(limit);
    const text = await readText(ctx.req, limit);
    if (text.trim() !== '') {
      try {
        ctx.request.body = JSON.parse(text);
      } catch (err) {
        throw new AppError('INVALID_JSON', 'The request body is not valid JSON', 400, {
          cause: err,
        });
      }
    }
    await next();
  };
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

function tooLarge(limit: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes`, 413);
}

async function readText(stream: AsyncIterable<Buffer | string>, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A request without a body reads as {} (so defaults apply, e.g. Add XP's 10); a body that is there,
 * JSON null included, is validated as sent (null is not an empty object).
 */
export function bodyOrEmpty(body: unknown): unknown {
  return body === undefined ? {} : body;
}
