import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultStack, type FaultStack } from '../src/fault-stack.ts';
import { writeFigures } from '../src/figures.ts';
import { fuzzCases, type FuzzCase, type FuzzIds } from '../src/fuzz-cases.ts';
import { GatewayClient, type Answer } from '../src/gateway-client.ts';
import { catalogueRoutes, type CataloguedRoute } from '../src/route-catalogue.ts';
import { GATEWAY_TIMEOUT_MS, LATENCY_MARGIN_MS } from '../src/scenario.ts';
import { quietSnapshot, storeChanges, type StoreSnapshot } from '../src/store-snapshot.ts';
import { countBy } from '../src/verdict.ts';

const CONCURRENCY = 4;

let stack: FaultStack;
let routes: CataloguedRoute[];
let fuzzer: GatewayClient;
let ids: FuzzIds;

async function userWithData(name: string) {
  const client = new GatewayClient(stack.baseUrl);
  const ok = (answer: Answer, what: string) => {
    if (answer.status >= 300)
      throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as Record<string, unknown>;
  };
  ok(
    await client.json('POST', '/api/auth/register', {
      username: name,
      email: `${name}@example.test`,
      password: 'fuzz-suite-password',
      displayName: name,
      timeZone: 'America/New_York',
    }),
    `sign-up of ${name}`,
  );
  const quest = ok(
    await client.json('POST', '/api/quests', {
      title: 'A quest to fuzz',
      description: 'Nothing sent by the fuzzer may change it',
    }),
    'quest',
  );
  const series = ok(
    await client.json('POST', '/api/quests/recurring', {
      title: 'A daily series',
      description: 'With an occurrence today',
      recurrenceType: 'daily',
    }),
    'series',
  );
  const lifeTask = ok(
    await client.json('POST', '/api/life-tasks', { title: 'Pay rent' }),
    'life task',
  );
  const occurrences = ok(await client.json('GET', '/api/quests/occurrences'), 'occurrences');
  const occurrence = (occurrences as unknown as Array<{ id: string }>)[0];
  if (!occurrence) throw new Error(`no occurrence today for ${name}'s daily series`);
  return {
    client,
    ids: {
      quest: String(quest.id),
      occurrence: occurrence.id,
      lifeTask: String(lifeTask.id),
      series: String(series.id),
    },
  };
}

beforeAll(async () => {
  stack = await startFaultStack('fuzz');
  const run = Date.now().toString(36);
  const own = await userWithData(`fuzz_${run}_a`);
  const other = await userWithData(`fuzz_${run}_b`);
  fuzzer = own.client;
  ids = { own: own.ids, other: other.ids };
  routes = await catalogueRoutes(stack.mongoUrl, stack.natsUrl);
  // Reads that materialise today's occurrences do so now, before the store is snapshotted.
  for (const route of routes) {
    if (route.method === 'GET' && !route.path.includes(':') && route.path !== '/api/logout') {
      await fuzzer.json('GET', route.path);
    }
  }
});

afterAll(async () => {
  await stack?.stop();
});

async function send(cases: FuzzCase[]) {
  const results: Array<FuzzCase & { answer: Answer }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) {
        const fuzzCase = cases[next++]!;
        const answer = await fuzzer.raw({
          method: fuzzCase.method,
          path: fuzzCase.path,
          headers: fuzzCase.headers,
          body: fuzzCase.body,
        });
        results.push({ ...fuzzCase, answer });
      }
    }),
  );
  return results;
}

describe('fuzz pass over every route, as a signed-in user through the gateway', () => {
  it('when every route gets wrong types, operators, bad ids, dates and zones, huge and non-JSON bodies, then no answer is a 5xx, none hangs and nothing is stored', async () => {
    const { cases, staleBaselines } = fuzzCases(routes, ids);
    const before: StoreSnapshot = await quietSnapshot(stack.mongoUrl);
    const started = Date.now();
    const results = await send(cases);
    const elapsed = Date.now() - started;
    const after = await quietSnapshot(stack.mongoUrl);

    const serverErrors = results.filter((r) => r.answer.status >= 500);
    const noAnswer = results.filter((r) => r.answer.status === 0);
    const limit = GATEWAY_TIMEOUT_MS + LATENCY_MARGIN_MS;
    const slow = results.filter((r) => r.answer.ms > limit);
    const accepted = results.filter(
      (r) => r.method !== 'GET' && r.answer.status >= 200 && r.answer.status < 300,
    );
    const stored = storeChanges(before, after);
    const describe = (r: (typeof results)[number]) =>
      `${r.route} [${r.what}] -> ${r.answer.status} ${r.answer.error ?? JSON.stringify(r.answer.body).slice(0, 160)} (${Math.round(r.answer.ms)} ms)`;

    const figures = {
      routes: routes.length,
      servedRoutes: routes.filter((r) => r.servedBy).length,
      contractOnlyRoutes: routes.filter((r) => !r.servedBy).map((r) => `${r.method} ${r.path}`),
      requests: results.length,
      seconds: Math.round(elapsed / 100) / 10,
      byStatus: countBy(results, (r) => String(r.answer.status)),
      maxLatencyMs: Math.round(Math.max(...results.map((r) => r.answer.ms))),
      serverErrors: serverErrors.map(describe),
      noAnswer: noAnswer.map(describe),
      slow: slow.map(describe),
      acceptedUnsafe: accepted.map(describe),
      stored,
      staleBaselines,
    };
    writeFigures('fuzz', figures);
    console.log(
      `fuzz: ${figures.requests} requests over ${figures.routes} routes (${figures.servedRoutes} served, ` +
        `${figures.contractOnlyRoutes.length} only in the contracts) in ${figures.seconds} s; by status ${JSON.stringify(figures.byStatus)}; ` +
        `max ${figures.maxLatencyMs} ms; stale baselines: ${staleBaselines.join(', ') || 'none'}`,
    );

    expect({
      serverErrors: figures.serverErrors,
      noAnswer: figures.noAnswer,
      slow: figures.slow,
      acceptedUnsafe: figures.acceptedUnsafe,
      stored,
    }).toEqual({ serverErrors: [], noAnswer: [], slow: [], acceptedUnsafe: [], stored: [] });

    // The comparison can fail: one valid write shows up in it.
    const created = await fuzzer.json('POST', '/api/quests', {
      title: 'A valid quest',
      description: 'Proves the store comparison sees writes',
    });
    expect(created.status).toBe(201);
    expect(storeChanges(after, await quietSnapshot(stack.mongoUrl))).toContainEqual(
      expect.stringMatching(/\.quests: \d+ -> \d+ documents/),
    );
  });
});
