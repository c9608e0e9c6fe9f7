/**
 * Builds what is stale. A frontend is stale when anything it bundles (its own sources, the web kit,
 * the contracts, the lockfile) is newer than its last successful build.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FRONTENDS, ROOT } from './stack.ts';

/** Written into dist/ when a build of it succeeded: what isStale compares against. */
export const STAMP = '.build-stamp';
const SKIP = new Set(['node_modules', 'dist', '.data', 'test-results']);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (SKIP.has(entry) || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function isStale(frontend: string, root = ROOT): boolean {
  const stamp = path.join(root, frontend, 'dist', STAMP);
  if (!existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  const inputs = [
    frontend,
    'packages/web-kit',
    'packages/contracts',
    'package-lock.json',
    'tsconfig.base.json',
    'tsconfig.web.json',
  ];
  return inputs.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

/** A production webpack build of one frontend; rejects with the build's output when it fails. */
export function runWebpack(frontend: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'],
      {
        cwd: path.join(ROOT, frontend),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_ENV: 'production', ...env },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build of ${frontend} failed:\n${output}`)),
    );
  });
}

async function buildOne(frontend: string): Promise<number> {
  const started = Date.now();
  await runWebpack(frontend);
  writeStamp(path.join(ROOT, frontend), started);
  return Date.now() - started;
}

/**
 * Marks a frontend's dist/ as built from the sources as they were at `startedAt` (ms): the stamp
 * carries the time the build started, so a source saved while webpack ran is newer than the stamp
 * and the next run builds again.
 */
export function writeStamp(frontendDir: string, startedAt: number): void {
  const stamp = path.join(frontendDir, 'dist', STAMP);
  writeFileSync(stamp, new Date(startedAt).toISOString());
  utimesSync(stamp, startedAt / 1000, startedAt / 1000);
}

/** Builds the stale frontends, two at a time (the machines have two cores). */
export async function buildStale(options: { force?: boolean; log?: (line: string) => void } = {}) {
  const log = options.log ?? ((line: string) => console.log(line));
  const queue = FRONTENDS.filter((frontend) => options.force || isStale(frontend));
  if (queue.length === 0) {
    log('frontends are up to date');
    return;
  }
  log(`building ${queue.join(', ')}`);
  const workers = Array.from({ length: Math.min(2, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const ms = await buildOne(next);
      log(`built ${next} in ${(ms / 1000).toFixed(1)} s`);
    }
  });
  await Promise.all(workers);
}
