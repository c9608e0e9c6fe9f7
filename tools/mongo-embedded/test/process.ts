// Runs the mongo-embedded bin as a child process, for the tests that kill it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { tempDir } from './dbpath.ts';

const bin = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'bin',
  'mongo-embedded.js',
);

export interface ChildServer {
  uri: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startChild(
  args: string[],
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...nodeArgs, bin, '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /mongodb:\/\/[^\s]+/.exec(output);
      if (match) resolve({ uri: match[0], child, output: () => output, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) =>
      reject(new Error(`mongo-embedded exited with ${code} before it was ready:\n${output}`)),
    );
  });
}

/** Runs one of the bin's tools (repair, backup, ...) to completion. */
export function runBin(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/**
 * The child servers and temporary dbpaths of one test file: each test's servers are killed and its
 * dbpaths removed after it. `start` runs the bin on a dbpath (with extra environment, e.g. a fault hook).
 */
export function childServers(): {
  dbPath(): string;
  start(dbPath: string, env?: Record<string, string>): Promise<ChildServer>;
} {
  const dirs: string[] = [];
  const children: ChildServer[] = [];
  afterEach(async () => {
    for (const server of children.splice(0)) {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    dbPath: () => tempDir(dirs),
    async start(dbPath, env = {}) {
      const server = await startChild(['--dbpath', dbPath], env);
      children.push(server);
      return server;
    },
  };
}
