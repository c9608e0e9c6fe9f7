import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  talentProgressListResponseSchema,
  talentTreeResponseSchema,
  type EventEnvelope,
  type GrowthPath,
  type TalentNode,
} from '@levelup/contracts';
import {
  eventually,
  identityHeaders,
  restartableService,
  type RestartableService,
} from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';
import { questEvents } from './harness.ts';

/**
 * Events svc-goals consumes while it is down are processed after it returns, in order per
 * user and exactly once. Unlike the shared harness, stopping here keeps the database (a process that
 * exits keeps its data): the bus connection, consumers and HTTP server go, then come back.
 */
let service: RestartableService;
let tree: TalentNode[];

async function get(userId: string, path: string): Promise<unknown> {
  const response = await fetch(`${service.url()}${path}`, {
    headers: identityHeaders(userId, { service: 'svc-goals', path }),
  });
  return response.json();
}

async function completionsOf(userId: string, path: GrowthPath): Promise<number | undefined> {
  const progress = talentProgressListResponseSchema.parse(
    await get(userId, '/api/talent-tree/user/progress'),
  );
  const node = tree.find((n) => n.path === path && n.tier === 1);
  return progress.find((p) => p.nodeKey === node?.nodeKey)?.currentCompletions;
}

beforeAll(async () => {
  service = await restartableService({
    name: 'svc-goals',
    dbBase: 'levelup_goals',
    publisherName: 'svc-quests',
    createApp,
    startWorkers,
  });
  tree = talentTreeResponseSchema.parse(await get(randomUUID(), '/api/talent-tree'));
});

afterAll(async () => {
  await service?.close();
});

const publish = async (...events: EventEnvelope[]) => {
  for (const event of events) await service.publisher.publish(event);
};
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('svc-goals after an outage', () => {
  it('when completions, undos and repeats arrive while svc-goals is down, then after it returns each path counts exactly what the newest event per quest says', async () => {
    const ada = randomUUID();
    const bob = randomUUID();
    const q = questEvents(ada);
    const r = questEvents(bob);
    const inner = { growthPath: 'inner_growth' as const };
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];

    // Counted before the outage.
    await publish(q.completion('quests.completed', { questId: a, ...inner }, at(0)));
    expect(
      await eventually(
        () => completionsOf(ada, 'inner_growth'),
        (count) => count === 1,
      ),
    ).toBe(1);

    await service.stop();
    const done = q.completion('quests.completed', { questId: b, ...inner }, at(1));
    await publish(
      q.completion('quests.revoked', { questId: a, ...inner }, at(1)), // a: undone
      done,
      done, // the same event twice: counted once
      q.completion('quests.completed', { questId: c, ...inner }, at(2)),
      q.completion('quests.revoked', { questId: c, ...inner }, at(3)),
      q.completion('quests.completed', { questId: c, ...inner }, at(4)), // c: done again, last
      r.completion('quests.completed', { questId: randomUUID(), growthPath: 'physical_growth' }),
    );
    await service.start();

    expect(
      await eventually(
        () => completionsOf(ada, 'inner_growth'),
        (count) => count === 2,
      ),
    ).toBe(2);
    expect(
      await eventually(
        () => completionsOf(bob, 'physical_growth'),
        (count) => count === 1,
      ),
    ).toBe(1);

    // A second restart replays nothing twice.
    await service.stop();
    await service.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await completionsOf(ada, 'inner_growth')).toBe(2);
    expect(await completionsOf(bob, 'physical_growth')).toBe(1);
  });
});
