import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@levelup/web-kit',
    environment: 'jsdom',
    // antd forms typed into by user-event are slow in jsdom on these 2-core machines.
    testTimeout: 20_000,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', '*.test.ts'],
  },
});
