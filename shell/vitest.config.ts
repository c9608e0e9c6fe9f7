import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@levelup/shell',
    environment: 'jsdom',
    // antd forms typed into by user-event are slow in jsdom on these 2-core machines.
    testTimeout: 20_000,
    setupFiles: ['@levelup/web-kit/testing/setup'],
    include: ['src/**/*.test.{ts,tsx}'],
    passWithNoTests: true,
  },
});
