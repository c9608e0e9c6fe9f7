import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@levelup/service-kit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
