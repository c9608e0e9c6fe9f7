import { startService } from '@levelup/service-kit';
import { SERVICE_NAME, createApp, startWorkers } from './app.ts';
import { loadQuestsConfig } from './config.ts';

const config = loadQuestsConfig();
startService({
  name: SERVICE_NAME,
  config,
  deps: { communityUrl: config.COMMUNITY_URL },
  createApp,
  startWorkers,
});
