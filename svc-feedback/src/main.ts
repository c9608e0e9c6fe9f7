import { startService } from '@levelup/service-kit';
import { SERVICE_NAME, createApp, startWorkers } from './app.ts';
import { loadFeedbackConfig } from './config.ts';

startService({ name: SERVICE_NAME, config: loadFeedbackConfig(), createApp, startWorkers });
