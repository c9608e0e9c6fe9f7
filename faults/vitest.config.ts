import { defineConfig } from 'vitest/config';

// Not a project of the root vitest.config.ts: the suite starts a stack of its own (ports +300, its own
// NATS server) and kills parts of it, so it runs alone, after the other projects (scripts/test.ts).
export default defineConfig({
  // The same files whether it is started from here (npm run test:faults) or from the root (scripts/test.ts).
  root: import.meta.dirname,
  test: {
    name: '@levelup/faults',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    // The services inherit this environment: under vitest their loggers would keep only errors, and the
    // suite's report quotes their warnings (reconnects, failed publishes) as evidence.
    env: { LOG_LEVEL: 'info' },
    // Generous: a time limit is not what this suite checks, and a shared 2-core machine may run it at
    // half speed; each scenario asserts its own deadlines (the gateway timeout, time to exact).
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
