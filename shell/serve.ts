import { portFromEnv, serveStatic } from '@levelup/web-kit/static-server';

serveStatic({
  name: 'shell',
  root: new URL('./dist', import.meta.url).pathname,
  port: portFromEnv(3000),
  spaFallback: true,
  // Visitors get the prerendered landing page at /; the session cookie (svc-identity's) means the app.
  landingPage: { file: 'landing.html', unlessCookie: 'levelup.sid' },
});
