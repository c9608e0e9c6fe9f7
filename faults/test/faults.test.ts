import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUsers, type LoadUser } from '../src/completion-load.ts';
import { startFaultStack, type FaultStack } from '../src/fault-stack.ts';
import { scenarioTable, writeFigures } from '../src/figures.ts';
import { runScenario, type Scenario, type ScenarioFigures } from '../src/scenario.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const killAndRestart = (name: string, durationMs = 14_000): Scenario => ({
  name: `kill -9 ${name}, restart`,
  durationMs,
  async inject(stack) {
    await stack.kill(name);
    await stack.restart(name);
  },
});

/** Each fault alone, one after the other, on one stack. */
const SCENARIOS: Scenario[] = [
  killAndRestart('svc-identity'),
  killAndRestart('svc-quests'),
  killAndRestart('mongo-embedded'),
  killAndRestart('nats-server'),
  {
    name: 'NATS stopped for 20 s',
    durationMs: 30_000,
    async inject(stack) {
      const nats = stack.child('nats-server');
      nats.process.kill('SIGTERM');
      await nats.exited;
      await sleep(20_000);
      await stack.restart('nats-server');
    },
  },
  {
    // Not gone but hung: connections stay open and nothing answers (SIGSTOP), then it carries on.
    name: 'NATS frozen (SIGSTOP) for 20 s',
    durationMs: 30_000,
    async inject(stack) {
      const nats = stack.child('nats-server');
      nats.process.kill('SIGSTOP');
      await sleep(20_000);
      nats.process.kill('SIGCONT');
    },
  },
];

let stack: FaultStack;
let users: LoadUser[];
const figures: ScenarioFigures[] = [];

beforeAll(async () => {
  stack = await startFaultStack('scenarios');
  users = await signUpUsers(stack.baseUrl, 5, 3);
});

afterAll(async () => {
  if (figures.length > 0) {
    const table = scenarioTable(figures);
    writeFigures('scenarios', figures, table);
    console.log(`\nFault suite figures (also in .data/faults/scenarios.md):\n${table}\n`);
  }
  await stack?.stop();
});

describe('fault suite: completions in flight through the gateway', () => {
  for (const scenario of SCENARIOS) {
    it(`when ${scenario.name} under load, then no acknowledged completion is lost, XP is exact, nothing hangs past the gateway timeout and everything reconnects`, async () => {
      const result = await runScenario(stack, users, scenario);
      figures.push(result);
      const notable = Object.entries(result.logSummary)
        .map(([line, count]) => `  ${count} x ${line}`)
        .join('\n');
      console.log(
        `${scenario.name}: ${result.requests} requests, ${result.acknowledged} acknowledged, ` +
          `not acknowledged ${JSON.stringify(result.notAcknowledged)}, 500s ${result.status500}, ` +
          `max ${result.maxLatencyMs} ms, outage ${result.outageMs} ms, XP converged after ${result.convergenceMs} ms, ` +
          `races lost ${result.racesLost}\nwarnings and errors logged by the stack meanwhile:\n${notable || '  none'}`,
      );
      if (result.problems.length > 0) console.log(`the stack's output: ${stack.logFile}`);
      expect(result.problems).toEqual([]);
    }, 240_000);
  }
});
