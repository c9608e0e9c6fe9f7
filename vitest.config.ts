import { defineConfig } from 'vitest/config';

// One vitest run for the whole repository: each workspace is a project with its own config
// (node for services and packages, jsdom for frontends).
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'tools/mongo-embedded/vitest.config.ts',
      'gateway/vitest.config.ts',
      'svc-*/vitest.config.ts',
      'shell/vitest.config.ts',
      'mfe-*/vitest.config.ts',
      'deploy/vitest.config.ts',
      'security/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
  },
});
