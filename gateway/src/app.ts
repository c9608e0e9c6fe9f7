import Koa from 'koa';
import type { GatewayConfig } from './config.ts';
import { REMOTES, matchesPrefix, serviceUrls, type ServiceName } from './route-table.ts';
import { createSessionResolver, type SessionResolver } from './session-resolver.ts';
import { createIdentityFallback } from './identity-fallback.ts';
import { upstreamDns } from './dns-discovery.ts';
import { createUpstreamPool, type UpstreamPool } from './upstream-pool.ts';
import { createUpstreamProxy } from './upstream-proxy.ts';
import { requestTelemetry } from './request-telemetry.ts';
import { createFirstScreen, wantsFirstScreen } from './first-screen.ts';
import { parseTrustProxy } from './client-address.ts';
import { createRateLimiter, type RequestLimiter } from './rate-limit.ts';
import { issuedFeedLinks } from './calendar-feed-link.ts';
import { createStreamCaps } from './stream-caps.ts';
import { requestContext } from './request-context.ts';
import { platformRoutes } from './platform-routes.ts';
import { apiRoutes } from './api-routes.ts';
import { forward } from './respond.ts';

type Log = (message: string, fields?: Record<string, unknown>) => void;

export interface GatewayDeps {
  log?: Log;
  sessions?: SessionResolver;
  /**
   * The per-user and per-address limits: main.ts brings the one shared by every gateway through NATS
   * (shared-rate-limit.ts); without one, this app counts RATE_RULES in its own memory.
   */
  rateLimiter?: RequestLimiter;
}

/** The session resolver the gateway's settings describe (main.ts also hands it the revocations). */
export function sessionResolverFor(config: GatewayConfig): SessionResolver {
  return createSessionResolver({
    identityUrls: serviceUrls(config, 'identity'),
    secret: config.IDENTITY_SECRET,
    cacheMs: config.SESSION_CACHE_MS,
    followedCacheMs: config.SESSION_CACHE_FOLLOWED_MS,
    staleMs: config.SESSION_STALE_MS,
    maxEntries: config.SESSION_CACHE_MAX_ENTRIES,
    maxBytes: config.SESSION_CACHE_MAX_BYTES,
    timeoutMs: config.SESSION_TIMEOUT_MS,
  });
}

/** The single public origin: /api/* to the owning service, /remotes/* and the rest to the static servers. */
export function createApp(config: GatewayConfig, deps: GatewayDeps = {}) {
  const log: Log = deps.log ?? (() => {});
  const sessions = deps.sessions ?? sessionResolverFor(config);
  const rateLimiter =
    deps.rateLimiter ?? createRateLimiter(config.RATE_LIMITS === 'off' ? { rules: [] } : {});
  const pools = upstreamPools(config, sessions, log);
  const remotes = REMOTES.map((remote) => ({
    mount: remote.mount,
    handler: staticProxy(config, log, remote.name, config[remote.configKey], remote.mount),
  }));
  const shell = staticProxy(config, log, 'shell', config.SHELL_URL);
  const firstScreen = createFirstScreen({
    shellUrl: config.SHELL_URL,
    serviceUrl: (service) => pools.get(service)!.target(),
    secret: config.IDENTITY_SECRET,
    timeoutMs: config.FIRST_SCREEN_TIMEOUT_MS,
    log,
  });
  const app = new Koa();
  app.use(requestContext(parseTrustProxy(config.TRUST_PROXY)));
  app.use(requestTelemetry(log));
  app.use(platformRoutes(pools));
  app.use(
    apiRoutes({
      config,
      log,
      sessions,
      rateLimiter,
      pools,
      streamCaps: createStreamCaps({
        perUser: config.STREAMS_PER_USER,
        perRoom: config.STREAMS_PER_ROOM,
        total: config.STREAMS_TOTAL,
      }),
      isIssuedFeedLink: issuedFeedLinks(config.IDENTITY_SECRET),
    }),
  );
  // A signed-in user's dashboard page comes with its first screen written by the server.
  app.use(async (ctx, next) => {
    if (!wantsFirstScreen(ctx)) return next();
    const session = await sessions.resolve(ctx.get('cookie'), ctx.state.requestId as string);
    if (session.kind !== 'signed-in' || !(await firstScreen.answer(ctx, session))) await next();
  });
  app.use(async (ctx) => {
    const remote = remotes.find((candidate) => matchesPrefix(ctx.path, candidate.mount));
    await forward(ctx, remote ? remote.handler : shell);
  });
  return app;
}

/**
 * Each service may run as several instances: a pool spreads its requests over them. With DNS on, the
 * pools re-read the names, and the gateway's own svc-identity calls (the session lookup, a sign-out passed
 * on) follow the identity pool's instances.
 */
function upstreamPools(
  config: GatewayConfig,
  sessions: SessionResolver,
  log: Log,
): Map<ServiceName, UpstreamPool> {
  const identityFallback = createIdentityFallback({
    identityUrls: serviceUrls(config, 'identity'),
    sessions,
    timeoutMs: config.SESSION_TIMEOUT_MS,
    log,
  });
  const dns = upstreamDns(config);
  const pools = new Map<ServiceName, UpstreamPool>(
    (['identity', 'quests', 'goals', 'community', 'feedback'] as const).map((service) => [
      service,
      createUpstreamPool({
        name: `svc-${service}`,
        targets: serviceUrls(config, service),
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        maxPerInstance: config.UPSTREAM_MAX_PER_INSTANCE,
        retryAfterMs: config.UPSTREAM_RETRY_MS,
        dns,
        log,
        fallback: service === 'identity' ? identityFallback.fallback : undefined,
      }),
    ]),
  );
  if (dns) {
    const identity = pools.get('identity')!;
    sessions.followInstances(identity.instances, identity.ready);
    identityFallback.followInstances(identity.instances, identity.ready);
  }
  return pools;
}

/** The shell's or a remote's static server, behind one path prefix. */
function staticProxy(
  config: GatewayConfig,
  log: Log,
  name: string,
  target: string,
  stripPrefix?: string,
) {
  return createUpstreamProxy({
    name,
    target,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    stripPrefix,
    log,
  });
}
