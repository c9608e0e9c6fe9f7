import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUsers, type LoadUser } from '../src/completion-load.ts';
import { startFaultStack, type FaultStack } from '../src/fault-stack.ts';
import { scenarioTable, writeFigures } from '../src/figures.ts';
import { runScenario, type Scenario, type ScenarioFigures } from '../src/scenario.ts';

/**
 * svc-quests runs as two instances behind the gateway (`--scale svc-quests=2`). Both pull from
 * the same durable consumers and share the outbox, so under completion load every event is applied once
 * (XP exact) and nothing acknowledged is lost; when one instance is killed, the other carries the domain.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let stack: FaultStack;
let users: LoadUser[];
const figures: ScenarioFigures[] = [];
/** What the other instance answered while the first was down. */
const readsWhileDown: number[] = [];

const SCENARIOS: Scenario[] = [
  {
    name: 'two svc-quests instances, nothing broken',
    durationMs: 12_000,
    async inject() {
      await sleep(8_000);
    },
  },
  {
    name: 'kill -9 the first svc-quests instance, restart',
    durationMs: 14_000,
    async inject(running) {
      await running.kill('svc-quests');
      for (const user of users.slice(0, 3)) {
        readsWhileDown.push((await user.client.json('GET', '/api/quests')).status);
      }
      await running.restart('svc-quests');
    },
  },
];

beforeAll(async () => {
  stack = await startFaultStack('scaled', { scale: { 'svc-quests': 2 } });
  users = await signUpUsers(stack.baseUrl, 5, 3);
});

afterAll(async () => {
  if (figures.length > 0) {
    const table = scenarioTable(figures);
    writeFigures('scaled', figures, table);
    console.log(`\nTwo svc-quests instances (also in .data/faults/scaled.md):\n${table}\n`);
  }
  await stack?.stop();
});

describe('svc-quests scaled to two instances', () => {
  it('when the stack starts with --scale svc-quests=2, then both instances run and the gateway lists them', () => {
    expect(stack.child('svc-quests').process.exitCode).toBeNull();
    expect(stack.child('svc-quests#2').process.exitCode).toBeNull();
  });

  for (const scenario of SCENARIOS) {
    it(`when ${scenario.name} under load, then every event is applied once (XP exact) and no acknowledged completion is lost`, async () => {
      const result = await runScenario(stack, users, scenario);
      figures.push(result);
      if (result.problems.length > 0) console.log(`the stack's output: ${stack.logFile}`);
      expect(result.problems).toEqual([]);
      expect(result.xpExact).toBe(true);
      if (scenario.name.startsWith('two')) {
        // Nothing broken: every request acknowledged, across both instances.
        expect(result.notAcknowledged).toEqual({});
      } else {
        // The second instance answered reads while the first was gone.
        expect(readsWhileDown).toEqual([200, 200, 200]);
      }
    }, 240_000);
  }
});
