import { defineConfig } from 'vitest/config';

// A project of the root vitest.config.ts: each file starts the parts it attacks in-process (the gateway,
// svc-identity on the embedded MongoDB and the shared NATS server, an OpenID provider), on ports the
// system picks, so it runs beside everything else.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: '@levelup/security',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
