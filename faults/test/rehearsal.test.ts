import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadUser } from '../src/completion-load.ts';
import { startFaultStack, type FaultStack } from '../src/fault-stack.ts';
import { scenarioTable, writeFigures } from '../src/figures.ts';
import {
  awaitExactReadModels,
  measureWindow,
  newClientLog,
  signUpSpreadUsers,
  startReaders,
  type ClientLog,
  type FailedRequest,
  type FootprintWindow,
} from '../src/rehearsal.ts';
import { runScenario, type ScenarioFigures } from '../src/scenario.ts';

/**
 * The rehearsal of running on many machines, on this one: two gateways, three svc-quests and two of
 * every other service, under completion load and reads of every domain through both gateways. One
 * instance of each kind is killed (kill -9) and brought back in turn, then svc-quests is rolled to a new
 * build one instance at a time (SIGTERM, wait, start with a new build marker). Proven: the only requests
 * that failed were in flight when an instance was killed; every event was applied once (XP exact, no
 * acknowledged completion lost or doubled); the read models other services build from the events
 * (talent path counts, the feed) equal the quests' final states.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SCALE = {
  'svc-identity': 2,
  'svc-quests': 3,
  'svc-goals': 2,
  'svc-community': 2,
  'svc-feedback': 2,
} as const;
const KILLED = [
  'gateway',
  'svc-identity',
  'svc-quests',
  'svc-goals',
  'svc-community',
  'svc-feedback',
];
const ROLLED = ['svc-quests', 'svc-quests#2', 'svc-quests#3'];
const BUILD_MARKER = `rehearsal-${Date.now()}`;
const LOAD_MS = 85_000;

interface Fault {
  what: 'kill' | 'roll';
  name: string;
  /** When the signal was sent. */
  at: number;
  /** When the process was gone (a killed process still takes requests until the kernel reaps it). */
  goneAt: number;
  /** When it answered its health check again. */
  backAt: number;
}

let stack: FaultStack;
let users: LoadUser[];
let log: ClientLog;
let idle: FootprintWindow;
let underLoad: FootprintWindow = {};
const faults: Fault[] = [];
let rollout = { startedAt: 0, ms: 0 };
let result: ScenarioFigures | undefined;
let readModels: Awaited<ReturnType<typeof awaitExactReadModels>> | undefined;
let reads = 0;
let loadStartedAt = 0;

/** A failure is explained when its request was in flight while an instance was being killed (-9). */
const explained = (failure: FailedRequest) =>
  faults.some(
    (fault) =>
      fault.what === 'kill' && failure.startedAt <= fault.goneAt && failure.endedAt >= fault.at,
  );

beforeAll(async () => {
  stack = await startFaultStack('rehearsal', { scale: { ...SCALE }, gateways: 2 });
  log = newClientLog();
  users = await signUpSpreadUsers(stack.baseUrls, log, 5, 3);
  idle = await measureWindow(() => stack.children, 5_000);
}, 180_000);

afterAll(async () => {
  if (result) {
    const failures = log.failed.map((failure) => ({ ...failure, explained: explained(failure) }));
    const figures = {
      instances: stack.children.map((child) => child.name),
      scenario: result,
      reads,
      clientRequests: log.requests,
      clientRetries: log.retried,
      failures,
      faults: faults.map((fault) => ({ ...fault, downMs: fault.backAt - fault.at })),
      rolloutMs: rollout.ms,
      /** Whether the completion load was still running when the last instance was back. */
      everyFaultUnderLoad: faults.every((fault) => fault.backAt <= loadStartedAt + LOAD_MS),
      readModelsExactAfterMs: readModels?.ms ?? null,
      footprint: { idle, underLoad },
    };
    writeFigures('rehearsal', figures, scenarioTable([result]));
    console.log(
      `\nThe rehearsal (also in .data/faults/rehearsal.json):\n${scenarioTable([result])}`,
    );
    console.log(JSON.stringify({ ...figures, scenario: undefined, failures }, null, 1));
  }
  await stack?.stop();
});

describe('the multi-instance rehearsal', () => {
  it('when two gateways and every service run several instances, then each instance is up and both gateways answer', async () => {
    expect(stack.baseUrls).toHaveLength(2);
    for (const [name, count] of Object.entries(SCALE))
      for (let n = 1; n <= count; n += 1)
        expect(stack.child(n === 1 ? name : `${name}#${n}`).process.exitCode).toBeNull();
    for (const url of stack.baseUrls) expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('when one instance of each kind is killed in turn and svc-quests is rolled to a new build under load, then only requests in flight on a killed instance fail, every event is applied once and the read models are exact', async () => {
    const readers = startReaders(users, 150);
    loadStartedAt = Date.now();
    result = await runScenario(stack, users, {
      name: 'kill -9 one instance of each kind in turn, then roll the three svc-quests',
      // Long enough for every fault to happen under load on a busy two-core machine (about 70 s).
      durationMs: LOAD_MS,
      async inject(running) {
        underLoad = await measureWindow(() => running.children, 10_000);
        for (const name of KILLED) {
          const at = Date.now();
          await running.kill(name);
          const goneAt = Date.now();
          await sleep(1_500);
          await running.restart(name);
          faults.push({ what: 'kill', name, at, goneAt, backAt: Date.now() });
          await sleep(1_500);
        }
        rollout.startedAt = Date.now();
        for (const name of ROLLED) {
          const at = Date.now();
          const child = running.child(name);
          child.process.kill('SIGTERM');
          await child.exited;
          const goneAt = Date.now();
          await running.restart(name, 60_000, { LEVELUP_BUILD: BUILD_MARKER });
          faults.push({ what: 'roll', name, at, goneAt, backAt: Date.now() });
          await sleep(1_000);
        }
        rollout = { ...rollout, ms: Date.now() - rollout.startedAt };
      },
    });
    reads = await readers.stop();
    readModels = await awaitExactReadModels(users, 30_000);

    expect(result.problems).toEqual([]);
    expect(result.xpExact).toBe(true);
    expect(readModels.last?.differences ?? ['never read']).toEqual([]);
    expect(log.failed.filter((failure) => !explained(failure))).toEqual([]);
    // Every svc-quests process now running is the new build.
    for (const name of ROLLED) {
      const environ = readFileSync(`/proc/${stack.child(name).process.pid}/environ`, 'utf8');
      expect(environ.split('\0'), name).toContain(`LEVELUP_BUILD=${BUILD_MARKER}`);
    }
  }, 300_000);
});
