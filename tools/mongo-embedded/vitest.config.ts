import { defineConfig } from 'vitest/config';

// The conformance suite runs against the embedded server, or against the MongoDB named by
// MONGO_URL when it is set (see test/target.ts).
export default defineConfig({
  test: {
    name: '@levelup/mongo-embedded',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
