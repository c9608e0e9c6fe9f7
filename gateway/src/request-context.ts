import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { API, API_PREFIX } from '@levelup/contracts';
import { IDENTITY_HEADERS } from '@levelup/service-kit';
import { clientOf, type ProxyTrust } from './client-address.ts';
import { matchesPrefix } from './route-table.ts';

/** Headers only the gateway may set: whatever a client sends under these names is dropped. */
const UNTRUSTED_HEADERS = [
  ...IDENTITY_HEADERS,
  'x-internal-sig',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
];

/**
 * On every answer. Pages get their Content-Security-Policy from the static server that knows
 * their inline scripts (web-kit static-server.ts); API answers are data, never a document to render or
 * frame, and never stored by a cache.
 */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};
const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};
/** The API reference page is a document with its own inline styles. */
const API_DOCS_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};
const REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;
/** Browsers that reached the app over HTTPS keep to it for a year (sent only on HTTPS answers). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * First on every request: its id (the client's when well-formed), who the client is, the headers only
 * the gateway may write, and the security headers of every answer.
 */
export function requestContext(trust: ProxyTrust): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    // Who the client is, from the headers only trusted proxies wrote (TRUST_PROXY); then the gateway's
    // own X-Forwarded-For (the client's address) and X-Forwarded-Proto replace whatever came in.
    const client = clientOf(
      trust,
      ctx.req.socket.remoteAddress,
      ctx.get('x-forwarded-for'),
      ctx.get('x-forwarded-proto'),
    );
    ctx.state.clientIp = client.ip;
    ctx.state.clientProto = client.proto;
    for (const header of UNTRUSTED_HEADERS) delete ctx.req.headers[header];
    ctx.req.headers['x-forwarded-for'] = client.ip;
    ctx.req.headers['x-forwarded-proto'] = client.proto;
    if (client.proto === 'https') ctx.set('strict-transport-security', HSTS);
    ctx.req.headers['x-request-id'] = requestId;
    ctx.state.requestId = requestId;
    ctx.set('x-request-id', requestId);
    ctx.set(SECURITY_HEADERS);
    if (matchesPrefix(ctx.path, API_PREFIX)) ctx.set(API_HEADERS);
    if (ctx.path === API.apiDocs.path) ctx.set(API_DOCS_HEADERS);
    await next();
  };
}
