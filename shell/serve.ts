import { portFromEnv, serveStatic } from '@levelup/web-kit/static-server';

serveStatic({
  name: 'shell',
  root: new URL('./dist', import.meta.url).pathname,
  port: portFromEnv(3000),
  spaFallback: true,
});
