// Runs the mongo-embedded bin as a child process, for the tests that kill it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
