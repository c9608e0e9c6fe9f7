import { defineConfig } from 'vitest/config';

// The launcher's own logic (supervision and backoff, a remote's release), with tiny child scripts and
// folders: no stack is started.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: '@levelup/scripts',
    environment: 'node',
    include: ['lib/**/*.test.ts', '*.test.ts'],
    testTimeout: 20_000,
  },
});
