/**
 * Starts child processes, prefixes their log lines with their name, waits for health, and stops them all
 * cleanly (reverse order, SIGTERM, then SIGKILL after a grace period).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import readline from 'node:readline';

const COLORS = [36, 32, 33, 35, 34, 96, 92, 93, 95, 94, 91, 37];
let colorIndex = 0;

export interface ChildOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  onLine?: (line: string) => void;
  quiet?: boolean;
  /** Where the name-prefixed output lines go; the terminal (stdout and stderr) by default. */
  output?: NodeJS.WritableStream;
}

export interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<number | null>;
  /** How it was started, so restartChild can start it again the same way. */
  options: ChildOptions;
}

export function prefixLines(
  name: string,
  stream: NodeJS.ReadableStream,
  out: NodeJS.WritableStream,
) {
  const color = COLORS[colorIndex++ % COLORS.length];
  const tag = process.stdout.isTTY ? `\x1b[${color}m${name.padEnd(16)}\x1b[0m` : name.padEnd(16);
  const lines = readline.createInterface({ input: stream });
  lines.on('line', (line) => out.write(`${tag} | ${line}\n`));
}

export function startChild(options: ChildOptions): Child {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!options.quiet) {
    prefixLines(options.name, child.stdout!, options.output ?? process.stdout);
    prefixLines(options.name, child.stderr!, options.output ?? process.stderr);
  }
  if (options.onLine) {
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', options.onLine);
    }
  }
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(-1));
  });
  return { name: options.name, process: child, exited, options };
}

/**
 * Starts a child again with the same command, arguments and environment, once the old process is gone
 * (the fault suite kills one with SIGKILL and brings it back). A child still running after 5 s is an error.
 */
export async function restartChild(child: Child): Promise<Child> {
  let timer: NodeJS.Timeout | undefined;
  const gone = await Promise.race([
    child.exited.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 5000))),
  ]);
  clearTimeout(timer);
  if (!gone)
    throw new Error(`${child.name} (pid ${child.process.pid}) is still running; stop it first`);
  return startChild(child.options);
}

export async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${child.name} exited before it became healthy`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${child.name} was not healthy at ${url} within ${timeoutMs / 1000} s`);
}

export async function stopAll(children: Child[], graceMs = 8000): Promise<void> {
  for (const child of [...children].reverse()) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGTERM');
      const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
      await child.exited;
      clearTimeout(timer);
    }
  }
}
