import { startService } from '@levelup/service-kit';
import { SERVICE_NAME, createApp, startWorkers } from './app.ts';
import { loadQuestsConfig } from './config.ts';

startService({ name: SERVICE_NAME, config: loadQuestsConfig(), createApp, startWorkers });
