import {
  closeServer,
  configureTracing,
  createLogger,
  flushTraces,
  installGracefulShutdown,
  listen,
  serveMetrics,
} from '@levelup/service-kit';
import { createApp, sessionResolverFor } from './app.ts';
import { readGatewayConfig } from './config.ts';
import { subscribeRevocations } from './session-revocations.ts';
import { sharedRateLimiterFor } from './shared-rate-limit.ts';
import { closeUpstreamAgents } from './upstream-proxy.ts';

const config = readGatewayConfig();
const logger = createLogger('gateway');
configureTracing({ serviceName: 'gateway' });
// Prometheus scrapes a port of its own, never published: the public port serves only the app.
const metricsServer = config.METRICS_PORT
  ? serveMetrics(config.METRICS_PORT, {
      host: config.METRICS_HOST,
      onError: (error) =>
        logger.error('metrics listener failed; /metrics is not served', {
          port: config.METRICS_PORT,
          error,
        }),
    })
  : undefined;
const sessions = sessionResolverFor(config);
// In the background: the gateway serves at once, with or without NATS.
const revocations = subscribeRevocations(config, sessions, logger);
// Limits counted in NATS key-value, shared by every gateway instance (counted here alone while NATS is away).
const limits = sharedRateLimiterFor(config, (message, fields) => logger.warn(message, fields));
const app = createApp(config, {
  log: (message, fields) => logger.info(message, fields),
  sessions,
  rateLimiter: limits.limiter,
});
app.on('error', (error: unknown) => logger.error('request failed', { error: String(error) }));

const server = await listen(app, config.PORT);
logger.info(`listening on http://localhost:${config.PORT}`);

/**
 * A graceful stop, as the services stop (service-kit's shutdown): no new connections (a client's next
 * one goes to another gateway), the answers in flight finished and sent with `Connection: close`, idle
 * connections closed after a second; then the upstream agents, the NATS subscriptions and the traces.
 * A stop that takes over 10 s exits 1.
 */
installGracefulShutdown(logger, [
  async () => metricsServer?.close(),
  () => closeServer(server),
  async () => closeUpstreamAgents(),
  () => Promise.allSettled([revocations.close(), limits.counters.close(), flushTraces()]),
]);
