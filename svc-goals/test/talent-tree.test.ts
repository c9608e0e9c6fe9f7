import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENTS,
  checkUnlocksResponseSchema,
  growthPathSchema,
  talentProgressListResponseSchema,
  talentTreeResponseSchema,
  type EventEnvelope,
  type GrowthPath,
  type TalentNode,
} from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import { createApp } from '../src/app.ts';
import { listenTo, questEvents, startGoals, type GoalsHarness } from './harness.ts';

let service: GoalsHarness;
let tree: TalentNode[];
let listener: Awaited<ReturnType<typeof listenTo>>;

beforeAll(async () => {
  service = await startGoals();
  listener = await listenTo(service, 'GOALS', 'talents-listener');
  tree = talentTreeResponseSchema.parse(
    (await service.as(randomUUID())('GET', '/api/talent-tree')).body,
  );
});
afterAll(async () => {
  await listener?.stop();
  await service?.stop();
});

const publish = async (...events: EventEnvelope[]) => {
  for (const event of events) await service.deps.bus.publish(event);
};
const hour = (h: number) => new Date(Date.now() + h * 3_600_000);
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const keysOf = (path: GrowthPath, tiers: number[]) =>
  tree.filter((n) => n.path === path && tiers.includes(n.tier)).map((n) => n.nodeKey);

/** The path's completions as the progress call shows them (every node of a path shows the same count). */
async function completionsOf(me: ReturnType<GoalsHarness['as']>, path: GrowthPath) {
  const progress = talentProgressListResponseSchema.parse(
    (await me('GET', '/api/talent-tree/user/progress')).body,
  );
  const node = tree.find((n) => n.path === path && n.tier === 1);
  return progress.find((p) => p.nodeKey === node?.nodeKey)?.currentCompletions;
}

async function completeQuests(userId: string, count: number, fields: Record<string, unknown>) {
  const q = questEvents(userId);
  await publish(
    ...Array.from({ length: count }, () =>
      q.completion('quests.completed', { questId: randomUUID(), ...fields }),
    ),
  );
}

describe('GET /api/talent-tree', () => {
  it('when the tree is read, then it has three paths of at least four tiers with branches, keystones, effects, messages and positions', () => {
    for (const path of growthPathSchema.options) {
      const nodes = tree.filter((n) => n.path === path);
      expect(new Set(nodes.map((n) => n.tier)).size).toBeGreaterThanOrEqual(4);
      expect(nodes.some((n) => n.isBranch)).toBe(true);
      expect(nodes.some((n) => n.isKeystone)).toBe(true);
      expect(nodes.filter((n) => n.prerequisites.length === 0).map((n) => n.tier)).toEqual([1]);
    }
    const byKey = new Map(tree.map((n) => [n.nodeKey, n]));
    expect(byKey.size).toBe(tree.length);
    for (const node of tree) {
      expect(node.effects.length).toBeGreaterThan(0);
      expect(node.unlockMessage.length).toBeGreaterThan(0);
      expect(node.icon.length).toBeGreaterThan(0);
      expect(node.position.y).toBeGreaterThanOrEqual(0);
      expect(node.position.y).toBeLessThanOrEqual(500);
      for (const key of node.prerequisites) {
        expect(byKey.get(key)?.path).toBe(node.path);
        expect(byKey.get(key)?.tier).toBeLessThan(node.tier);
      }
    }
    expect(new Set(tree.map((n) => `${n.position.x},${n.position.y}`)).size).toBe(tree.length);
  });

  it('when the service starts again on the same database, then the tree is the same', async () => {
    await createApp(service.deps);
    expect((await service.as(randomUUID())('GET', '/api/talent-tree')).body).toEqual(tree);
  });
});

describe('talent progress from completion events', () => {
  it('when a new user asks, then every node is listed at 0 and locked', async () => {
    const progress = talentProgressListResponseSchema.parse(
      (await service.as(randomUUID())('GET', '/api/talent-tree/user/progress')).body,
    );
    expect(progress.map((p) => p.nodeKey)).toEqual(tree.map((n) => n.nodeKey));
    expect(progress.every((p) => p.currentCompletions === 0 && !p.isUnlocked)).toBe(true);
  });

  it("when quests are completed, then they count in the quest's growthPath, else in its category's path, and 'other' counts nowhere", async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    await completeQuests(userId, 2, { growthPath: 'inner_growth', category: 'health_fitness' });
    await completeQuests(userId, 3, { growthPath: null, category: 'health_fitness' });
    await completeQuests(userId, 1, { growthPath: null, category: 'chores_errands' });
    await completeQuests(userId, 4, { growthPath: null, category: 'other' });
    await eventually(
      () => completionsOf(me, 'environment_growth'),
      (count) => count === 1,
    );
    await settle();
    expect(await completionsOf(me, 'inner_growth')).toBe(2);
    expect(await completionsOf(me, 'physical_growth')).toBe(3);
    expect(await completionsOf(me, 'environment_growth')).toBe(1);
  });

  it('when a completion is undone, made partial, repeated or delivered late, then each quest counts at most once and as its newest event says', async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const q = questEvents(userId);
    const fields = { growthPath: 'physical_growth' as const };
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const doneA = q.completion('quests.completed', { questId: a, ...fields });
    await publish(doneA, doneA); // a: counted once
    await publish(
      q.completion('quests.completed', { questId: b, ...fields }, hour(1)),
      q.completion('quests.revoked', { questId: b, ...fields }, hour(2)), // b: undone
      q.completion('quests.partial', { questId: c, ...fields }), // c: partial does not count
      q.completion('quests.completed', { questId: d, ...fields }, hour(2)),
      q.completion('quests.revoked', { questId: d, ...fields }, hour(1)), // d: the undo is older
    );
    // An occurrence counts like a quest.
    await publish(q.occurrence('quests.completed', randomUUID()));
    await eventually(
      () => completionsOf(me, 'physical_growth'),
      (count) => count === 3,
    );
    await settle();
    expect(await completionsOf(me, 'physical_growth')).toBe(3);
  });
});

describe('POST /api/talent-tree/user/check-unlocks', () => {
  it('when a path reaches a node requirement, then the check unlocks it once; a second check unlocks nothing', async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const root = tree.find((n) => n.path === 'inner_growth' && n.tier === 1) as TalentNode;
    expect((await me('POST', '/api/talent-tree/user/check-unlocks')).body).toEqual({
      newlyUnlocked: [],
    });
    await completeQuests(userId, root.completionsRequired, { growthPath: 'inner_growth' });
    await eventually(
      () => completionsOf(me, 'inner_growth'),
      (count) => count === root.completionsRequired,
    );
    const { status, body } = await me('POST', '/api/talent-tree/user/check-unlocks');
    expect(status).toBe(200);
    expect(checkUnlocksResponseSchema.parse(body)).toEqual({
      newlyUnlocked: [{ nodeKey: root.nodeKey, title: root.title }],
    });
    expect((await me('POST', '/api/talent-tree/user/check-unlocks', {})).body).toEqual({
      newlyUnlocked: [],
    });
    const progress = talentProgressListResponseSchema.parse(
      (await me('GET', '/api/talent-tree/user/progress')).body,
    );
    expect(progress.filter((p) => p.isUnlocked).map((p) => p.nodeKey)).toEqual([root.nodeKey]);
    expect(progress.find((p) => p.isUnlocked)?.unlockedAt).toBeTruthy();
  });

  it('when a path has enough for the first two tiers, then one check unlocks the root and both branches, and nothing whose prerequisites are locked', async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const tier2 = tree.filter((n) => n.path === 'environment_growth' && n.tier === 2);
    const needed = Math.max(...tier2.map((n) => n.completionsRequired));
    await completeQuests(userId, needed, { growthPath: 'environment_growth' });
    await eventually(
      () => completionsOf(me, 'environment_growth'),
      (count) => count === needed,
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => me('POST', '/api/talent-tree/user/check-unlocks')),
    );
    const unlocked = answers.flatMap((a) =>
      checkUnlocksResponseSchema.parse(a.body).newlyUnlocked.map((n) => n.nodeKey),
    );
    // Four checks at once: each node is in exactly one answer, and goals.talent_unlocked is published once.
    expect(unlocked.sort()).toEqual(keysOf('environment_growth', [1, 2]).sort());
    const unlockEvents = () =>
      listener.events.filter((e) => e.type === 'goals.talent_unlocked' && e.data.userId === userId);
    await eventually(
      async () => unlockEvents(),
      (list) => list.length >= 3,
    );
    await settle();
    const published = unlockEvents();
    expect(published.map((e) => EVENTS.talentUnlocked.schema.parse(e).data.nodeKey).sort()).toEqual(
      keysOf('environment_growth', [1, 2]).sort(),
    );
  });

  it('when a body other than none or {} is sent, then it is 400', async () => {
    expect(
      (await service.as(randomUUID())('POST', '/api/talent-tree/user/check-unlocks', { all: true }))
        .status,
    ).toBe(400);
  });
});
