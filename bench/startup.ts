/**
 * Time from `npm start` to ready with everything already built (the goal: under 15 s).
 * Starts the launcher on a port offset with a throwaway data folder, waits for the URL line, stops it.
 *   node bench/startup.ts [runs=3]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../tools/stack/stack.ts';
import { summarise } from './lib.ts';

const runs = Number(process.argv[2] ?? 3);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'levelup-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, LEVELUP_PORT_OFFSET: '200', LEVELUP_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Level Up is running at')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`launcher exited with ${code}:\n${output}`)));
  });
  times.push(performance.now() - started);
  child.kill('SIGINT');
  await new Promise((resolve) => child.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
const summary = summarise(times);
console.log(
  `npm start -> ready (built): runs=${summary.n} median=${(summary.p50 / 1000).toFixed(2)} s max=${(summary.max / 1000).toFixed(2)} s`,
);
