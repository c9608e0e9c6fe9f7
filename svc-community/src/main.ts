import { startService } from '@levelup/service-kit';
import { SERVICE_NAME, createApp, endRoomStreams, startWorkers } from './app.ts';
import { loadCommunityConfig } from './config.ts';

const config = loadCommunityConfig();

startService({
  name: SERVICE_NAME,
  config,
  deps: { defaultMeetups: config.DEFAULT_MEETUPS === 'on' },
  createApp,
  startWorkers,
});

// Open room streams would hold the HTTP server's close until the hard timeout: they end first, and
// their clients reconnect (Last-Event-ID) to another instance.
process.once('SIGTERM', () => endRoomStreams());
process.once('SIGINT', () => endRoomStreams());
