import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: '@levelup/deploy',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
