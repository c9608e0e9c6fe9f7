import { defineConfig } from 'vitest/config';

// The launcher's own logic (supervision and backoff), with tiny child scripts: no stack is started.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: '@levelup/scripts',
    environment: 'node',
    include: ['lib/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
