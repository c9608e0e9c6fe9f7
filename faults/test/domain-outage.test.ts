import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outageTable,
  runOutage,
  signUpOutageUsers,
  type OutageFigures,
  type OutageUser,
} from '../src/domain-outage.ts';
import { startFaultStack, type FaultStack } from '../src/fault-stack.ts';
import { writeFigures } from '../src/figures.ts';

let stack: FaultStack;
let users: OutageUser[];
const figures: OutageFigures[] = [];

beforeAll(async () => {
  stack = await startFaultStack('domain-outage');
  users = await signUpOutageUsers(stack.baseUrl, 5, 3);
});

afterAll(async () => {
  if (figures.length > 0) {
    const table = outageTable(figures);
    writeFigures('domain-outage', figures, table);
    console.log(`\nDomain outage figures (also in .data/faults/domain-outage.md):\n${table}\n`);
  }
  await stack?.stop();
});

describe('one service down takes down only its own domain', () => {
  for (const service of ['svc-identity', 'svc-goals', 'svc-community'] as const) {
    it(`when ${service} is killed with SIGKILL under load, then the other domains answer (at least 99 %), a revoked session is refused, and afterwards every read model is exact`, async () => {
      const result = await runOutage(stack, users, service);
      figures.push(result);
      console.log(`${service}: ${JSON.stringify({ ...result, readModels: undefined })}`);
      if (result.problems.length > 0) console.log(`the stack's output: ${stack.logFile}`);
      expect(result.problems).toEqual([]);
    }, 240_000);
  }
});
