import { startService } from '@levelup/service-kit';
import { SERVICE_NAME, createApp, startWorkers } from './app.ts';
import { loadCommunityConfig } from './config.ts';

const config = loadCommunityConfig();

startService({
  name: SERVICE_NAME,
  config,
  deps: { defaultMeetups: config.DEFAULT_MEETUPS === 'on' },
  createApp,
  startWorkers,
});
