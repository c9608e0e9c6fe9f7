import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The launcher's own logic (tools/stack: supervision and backoff, a remote's release) and the scripts'
// and repository checks (API paths, import boundaries, the README's API table), with tiny child
// scripts and folders: no stack is started.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    name: '@levelup/scripts',
    environment: 'node',
    include: ['scripts/*.test.ts', 'tools/stack/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
