import { startService } from '@levelup/service-kit';
import { SERVICE_NAME, createApp, startWorkers } from './app.ts';
import { externalSignInOf, loadIdentityConfig, pushSettingsOf, vapidOf } from './config.ts';

const config = loadIdentityConfig();

startService({
  name: SERVICE_NAME,
  config,
  deps: {
    sessionKeys: config.SESSION_KEYS,
    cookieSecure: config.COOKIE_SECURE,
    externalSignIn: externalSignInOf(config),
    adminUsernames: config.ADMIN_USERNAMES,
    publicUrl: config.PUBLIC_URL,
    mailDir: config.MAIL_DIR,
    vapid: vapidOf(config),
    reminderTickMs: config.REMINDER_TICK_MS,
    push: pushSettingsOf(config),
    reminderConcurrency: config.REMINDER_SEND_CONCURRENCY,
  },
  createApp,
  startWorkers,
});
