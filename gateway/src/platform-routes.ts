import type { Middleware } from 'koa';
import { API } from '@levelup/contracts';
import { apiDocsHtml, openApiJson } from './api-docs.ts';
import { remotesManifest, type ServiceName } from './route-table.ts';
import type { UpstreamPool } from './upstream-pool.ts';

/**
 * What the gateway answers itself: liveness and readiness, the remotes' manifest, and the API reference
 * built from the contracts (readable by anyone, like the rest of the public documentation).
 */
export function platformRoutes(pools: ReadonlyMap<ServiceName, UpstreamPool>): Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/health' || ctx.path === '/healthz') {
      ctx.set('cache-control', 'no-store');
      ctx.body = { status: 'ok', service: 'gateway' };
      return;
    }
    if (ctx.path === '/readyz') {
      // Ready while every service has an instance that is in (none refused its last connection).
      const services = Object.fromEntries(
        [...pools].map(([service, pool]) => [
          `svc-${service}`,
          pool.status().some((instance) => instance.up) ? 'up' : 'down',
        ]),
      );
      const ready = Object.values(services).every((state) => state === 'up');
      ctx.set('cache-control', 'no-store');
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'not ready', service: 'gateway', services };
      return;
    }
    if (ctx.path === '/config/remotes.json') {
      ctx.set('cache-control', 'no-cache');
      ctx.body = remotesManifest();
      return;
    }
    if (ctx.method === API.openApiDocument.method && ctx.path === API.openApiDocument.path) {
      ctx.type = 'application/json';
      ctx.body = openApiJson();
      return;
    }
    if (ctx.method === API.apiDocs.method && ctx.path === API.apiDocs.path) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = apiDocsHtml();
      return;
    }
    await next();
  };
}
