import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isStale, writeStamp } from './build.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository-shaped folder with one frontend and the shared inputs, every file dated `at` (ms). */
function tree(at: number): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'levelup-build-'));
  roots.push(root);
  const files = [
    'mfe-x/src/index.ts',
    'packages/web-kit/webpack.cjs',
    'packages/contracts/src/index.ts',
    'package-lock.json',
    'tsconfig.base.json',
    'tsconfig.web.json',
  ];
  for (const file of files) touch(root, file, at);
  mkdirSync(path.join(root, 'mfe-x', 'dist'), { recursive: true });
  return root;
}

function touch(root: string, file: string, at: number): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), 'x');
  utimesSync(path.join(root, file), at / 1000, at / 1000);
}

describe('a frontend build is stale', () => {
  const t0 = Date.now() - 60_000;

  it('when it has no stamp, and not once built from the sources as they are', () => {
    const root = tree(t0);
    expect(isStale('mfe-x', root)).toBe(true);
    writeStamp(path.join(root, 'mfe-x'), t0 + 1_000);
    expect(isStale('mfe-x', root)).toBe(false);
  });

  it('when the web kit is saved while its build runs (after the build started)', () => {
    const root = tree(t0);
    const buildStarted = t0 + 1_000;
    touch(root, 'packages/web-kit/webpack.cjs', buildStarted + 5_000);
    writeStamp(path.join(root, 'mfe-x'), buildStarted); // the build ends later
    expect(isStale('mfe-x', root)).toBe(true);
  });

  it('when a shared TypeScript config changes', () => {
    const root = tree(t0);
    writeStamp(path.join(root, 'mfe-x'), t0 + 1_000);
    touch(root, 'tsconfig.web.json', t0 + 2_000);
    expect(isStale('mfe-x', root)).toBe(true);
  });
});
