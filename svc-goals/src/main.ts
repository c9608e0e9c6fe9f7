import { startService } from '@levelup/service-kit';
import { SERVICE_NAME, createApp, startWorkers } from './app.ts';
import { loadGoalsConfig } from './config.ts';

startService({ name: SERVICE_NAME, config: loadGoalsConfig(), createApp, startWorkers });
