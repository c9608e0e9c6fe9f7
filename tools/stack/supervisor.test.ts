import { describe, expect, it } from 'vitest';
import {
  restartDelay,
  startChild,
  stopAll,
  superviseChildren,
  type Child,
  type RestartPolicy,
} from './supervisor.ts';

const POLICY: RestartPolicy = { initialDelayMs: 500, maxDelayMs: 10_000, resetAfterMs: 30_000 };
/** Fast enough for a test, the same shape as the launcher's. */
const FAST: RestartPolicy = { initialDelayMs: 40, maxDelayMs: 160, resetAfterMs: 1_500 };

/** A child that runs for runMs and then exits with code 3 (a crash), every time it is started. */
function crashingChild(name: string, runMs: number): Child {
  return startChild({
    name,
    command: process.execPath,
    args: ['-e', `setTimeout(() => process.exit(3), ${runMs})`],
    cwd: import.meta.dirname,
    env: {},
    quiet: true,
  });
}

/** A child that runs until it is stopped. */
function steadyChild(name: string): Child {
  return startChild({
    name,
    command: process.execPath,
    args: ['-e', 'setInterval(() => {}, 1000)'],
    cwd: import.meta.dirname,
    env: {},
    quiet: true,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (child: Child) =>
  child.process.exitCode === null && child.process.signalCode === null;

describe('restartDelay', () => {
  it.each([
    ['the first crash', undefined, 1_000, 500],
    ['a second crash soon after', 500, 1_000, 1_000],
    ['a third', 1_000, 1_000, 2_000],
    ['a crash after 5 s at 8 s', 8_000, 5_000, 10_000],
    ['a crash at the cap', 10_000, 100, 10_000],
    ['a crash after 30 s up', 10_000, 30_000, 500],
  ])('when %s, then the wait is as the policy says', (_case, previous, upFor, expected) => {
    expect(restartDelay(POLICY, previous, upFor)).toBe(expected);
  });
});

describe('superviseChildren', () => {
  it('when a child keeps crashing, then it is restarted each time with a doubling wait up to the cap, and each restart is logged', async () => {
    const lines: string[] = [];
    const restarts = () => lines.filter((line) => line.includes('restarting in')).length;
    const children = [crashingChild('flaky', 20)];
    // Never reset by time here: on a busy machine starting Node alone can take longer than FAST's 1.5 s.
    const supervisor = superviseChildren(children, {
      policy: { ...FAST, resetAfterMs: 60_000 },
      log: (line) => lines.push(line),
    });
    // Until the fifth crash is seen, however long the machine takes to start five processes.
    const deadline = Date.now() + 30_000;
    while (restarts() < 5 && Date.now() < deadline) await sleep(50);
    supervisor.stop();
    await stopAll(children);

    const waits = lines
      .filter((line) => line.includes('restarting in'))
      .map((line) => Number(/restarting in (\d+) ms/.exec(line)?.[1]));
    expect(waits.length).toBeGreaterThanOrEqual(4);
    expect(waits.slice(0, 4)).toEqual([40, 80, 160, 160]);
    expect(lines.some((line) => /^flaky exited \(code 3\)/.test(line))).toBe(true);
    expect(
      lines.filter((line) => line.startsWith('flaky restarted')).length,
    ).toBeGreaterThanOrEqual(3);
  }, 40_000);

  it('when a child crashes after running longer than the reset period, then the wait starts again from the first', async () => {
    const lines: string[] = [];
    const children = [crashingChild('stable-then-crash', 1_600)];
    const supervisor = superviseChildren(children, {
      policy: FAST,
      log: (line) => lines.push(line),
    });
    await sleep(5_000);
    supervisor.stop();
    await stopAll(children);
    const waits = lines.filter((line) => line.includes('restarting in'));
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits.every((line) => line.includes('restarting in 40 ms (restart 1)'))).toBe(true);
  });

  it('when a child is killed with SIGKILL, then a new process takes its place in the list', async () => {
    const children = [steadyChild('svc-a'), steadyChild('svc-b')];
    const before = children[1]!;
    const supervisor = superviseChildren(children, { policy: FAST, log: () => {} });
    before.process.kill('SIGKILL');
    await before.exited;
    await sleep(300);
    expect(children[1]).not.toBe(before);
    expect(alive(children[1]!)).toBe(true);
    expect(children[1]!.name).toBe('svc-b');
    supervisor.stop();
    await stopAll(children);
  });

  it('when the supervisor is stopped and everything is stopped (Ctrl-C), then nothing is restarted', async () => {
    const lines: string[] = [];
    const children = [steadyChild('svc-a'), steadyChild('svc-b'), crashingChild('flaky', 20)];
    const supervisor = superviseChildren(children, {
      policy: FAST,
      log: (line) => lines.push(line),
    });
    await sleep(10);
    supervisor.stop();
    const stopped = [...children];
    await stopAll(children);
    await sleep(400);
    expect(children).toEqual(stopped);
    expect(children.every((child) => !alive(child))).toBe(true);
    expect(lines.filter((line) => line.includes('restarted'))).toEqual([]);
  });
});
