import { portFromEnv, serveStatic } from '@levelup/web-kit/static-server';

serveStatic({
  name: 'mfe-progression',
  root: new URL('./dist', import.meta.url).pathname,
  port: portFromEnv(3004),
});
