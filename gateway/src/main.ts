import http from 'node:http';
import { createLogger } from '@levelup/service-kit';
import { createApp } from './app.ts';
import { readGatewayConfig } from './config.ts';
import { closeUpstreamAgents } from './upstream-proxy.ts';

const config = readGatewayConfig();
const logger = createLogger('gateway');
const app = createApp(config, { log: (message, fields) => logger.info(message, fields) });
app.on('error', (error: unknown) => logger.error('request failed', { error: String(error) }));

const server = http.createServer(app.callback());
server.keepAliveTimeout = 65_000;
server.listen(config.PORT, () => logger.info(`listening on http://localhost:${config.PORT}`));

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('stopping', { signal });
  server.close(() => {
    closeUpstreamAgents();
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
