import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@levelup/svc-community',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Files share one NATS server and start their own embedded MongoDB; run them one at a time.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
