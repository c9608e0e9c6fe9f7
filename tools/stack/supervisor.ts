/**
 * Starts child processes, prefixes their log lines with their name, waits for health, and stops them all
 * cleanly (reverse order, SIGTERM, then SIGKILL after a grace period).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { lineFormat } from './log-format.ts';

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
  const format = lineFormat();
  const lines = readline.createInterface({ input: stream });
  lines.on('line', (line) => out.write(`${tag} | ${format(line)}\n`));
}

/**
 * LEVELUP_CPU_PROFILE=<dir>: every Node child writes a V8 CPU profile there when it stops (Ctrl-C), for
 * bench/profile-summary.ts (Node refuses --cpu-prof in NODE_OPTIONS, hence the flag here).
 */
function argsFor(options: ChildOptions): string[] {
  const dir = process.env.LEVELUP_CPU_PROFILE;
  if (!dir || options.command !== process.execPath) return options.args;
  return [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
    `--cpu-prof-name=${options.name}.cpuprofile`,
    ...options.args,
  ];
}

export function startChild(options: ChildOptions): Child {
  const child = spawn(options.command, argsFor(options), {
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

/** How a supervised child is brought back after a crash. */
export interface RestartPolicy {
  /** The wait before the first restart. */
  initialDelayMs: number;
  /** Each further crash in a row doubles the wait, up to this. */
  maxDelayMs: number;
  /** A child that ran this long before it crashed counts as healthy: its next wait is the first again. */
  resetAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 10_000,
  resetAfterMs: 30_000,
};

/** The wait before restarting a child that ran for upForMs; previousDelayMs is the wait before its last start. */
export function restartDelay(
  policy: RestartPolicy,
  previousDelayMs: number | undefined,
  upForMs: number,
): number {
  if (previousDelayMs === undefined || upForMs >= policy.resetAfterMs) return policy.initialDelayMs;
  return Math.min(previousDelayMs * 2, policy.maxDelayMs);
}

export interface Supervisor {
  /** No restarts from now on (call before stopAll). */
  stop(): void;
}

/**
 * Watches the children and starts any that exits again, with backoff, in its place in the list (so
 * stopAll still stops everything in the reverse order of start). What is logged: the exit, the wait,
 * the restart. Stopping the supervisor cancels pending restarts; a child it already started is in the
 * list for stopAll.
 */
export function superviseChildren(
  children: Child[],
  options: {
    policy?: RestartPolicy;
    log: (line: string) => void;
    now?: () => number;
  },
): Supervisor {
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  const now = options.now ?? Date.now;
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  function watch(
    child: Child,
    startedAt: number,
    lastDelayMs: number | undefined,
    attempt: number,
  ) {
    void child.exited.then((code) => {
      if (stopped) return;
      const upForMs = now() - startedAt;
      const delayMs = restartDelay(policy, lastDelayMs, upForMs);
      const nextAttempt = upForMs >= policy.resetAfterMs ? 1 : attempt + 1;
      const how = child.process.signalCode ? `signal ${child.process.signalCode}` : `code ${code}`;
      options.log(
        `${child.name} exited (${how}) after ${(upForMs / 1000).toFixed(1)} s; ` +
          `restarting in ${delayMs} ms (restart ${nextAttempt})`,
      );
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (stopped) return;
        const index = children.indexOf(child);
        if (index === -1) return; // no longer ours
        const restarted = startChild(child.options);
        children[index] = restarted;
        options.log(`${child.name} restarted (pid ${restarted.process.pid})`);
        watch(restarted, now(), delayMs, nextAttempt);
      }, delayMs);
      timers.add(timer);
    });
  }

  for (const child of children) watch(child, now(), undefined, 0);
  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
