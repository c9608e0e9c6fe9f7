import { closeServer, connectBus, connectMongo, createLogger, installGracefulShutdown, listen, runMain } from '@levelup/service-kit';
import { SERVICE_NAME, createApp, startWorkers } from './app.ts';
import { loadQuestsConfig } from './config.ts';

const config = loadQuestsConfig();
const logger = createLogger(SERVICE_NAME);

runMain(logger, async () => {
  const db = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const bus = await connectBus(config.NATS_URL, SERVICE_NAME, { logger, namespace: config.NATS_NAMESPACE });
  const deps = { db, bus, logger, identitySecret: config.IDENTITY_SECRET };
  const workers = await startWorkers(deps);
  const server = await listen(await createApp(deps), config.PORT);
  logger.info('listening', { port: config.PORT });

  installGracefulShutdown(logger, [
    () => closeServer(server),
    () => workers.stop(),
    () => bus.close(),
    () => db.close(),
  ]);
});
