import type { IncomingMessage } from 'node:http';
import { DEFAULT_MAX_BODY_BYTES } from '@levelup/contracts';

/**
 * The services' own body limit for most calls (contracts DEFAULT_MAX_BODY_BYTES): a larger body is refused
 * here already. A call that takes more names it in the contract (maxBodyBytesOf).
 */
export const MAX_SIGNED_BODY_BYTES = DEFAULT_MAX_BODY_BYTES;

function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
  );
}

/**
 * The body of a request the gateway signs for a user: the signature covers its SHA-256, so it is read
 * whole before anything is sent on. Past MAX_SIGNED_BODY_BYTES the rest is read and dropped (never kept)
 * and the answer is 'too-large', so the client, still sending, gets its 413 rather than a broken
 * connection. undefined when the request has no body. Afterwards the proxy gets the same bytes
 * (replayBody).
 */
export function readBody(
  req: IncomingMessage,
  limit = MAX_SIGNED_BODY_BYTES,
): Promise<Buffer | undefined | 'too-large'> {
  if (!hasBody(req)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.once('end', () => resolve(size > limit ? 'too-large' : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * Makes the request, whose stream readBody used up, hand the proxy the bytes it read: the proxy only ever
 * pipes the request into its upstream request.
 */
export function replayBody(req: IncomingMessage, body: Buffer): void {
  req.pipe = (<T extends NodeJS.WritableStream>(destination: T): T => {
    destination.end(body);
    return destination;
  }) as typeof req.pipe;
}
