import { startService } from '@levelup/service-kit';
import { SERVICE_NAME, createApp, startWorkers } from './app.ts';
import { loadIdentityConfig } from './config.ts';

const config = loadIdentityConfig();

startService({
  name: SERVICE_NAME,
  config,
  deps: {
    sessionKeys: config.SESSION_KEYS,
    cookieSecure: config.COOKIE_SECURE,
    externalLoginUrl: config.EXTERNAL_LOGIN_URL,
    adminUsernames: config.ADMIN_USERNAMES,
  },
  createApp,
  startWorkers,
});
