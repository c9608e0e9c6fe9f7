import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CO_FOCUS_BONUS_XP, makeEvent } from '@levelup/contracts';
import {
  connectMongo,
  rebuildAndCompare,
  type ReadModelRebuild,
  type RebuildReport,
} from '@levelup/service-kit';
import {
  eventually,
  removeTestStreams,
  startTestInfra,
  startTestService,
  type TestInfra,
  type TestService,
} from '@levelup/service-kit/testing';
import {
  createApp as createQuestsApp,
  startWorkers as startQuestsWorkers,
} from '../../svc-quests/src/index.ts';
import {
  createApp as createGoalsApp,
  startWorkers as startGoalsWorkers,
} from '../../svc-goals/src/index.ts';
import { goalModels } from '../../svc-goals/src/index.ts';
import { goalsRebuild } from '../../svc-goals/src/index.ts';
import {
  createApp as createCommunityApp,
  startWorkers as startCommunityWorkers,
} from '../../svc-community/src/index.ts';
import { feedRebuild } from '../../svc-community/src/index.ts';
import { communityModels } from '../../svc-community/src/index.ts';
import { identityModels } from '../src/users/models.ts';
import { xpRebuild } from '../src/xp/rebuild.ts';
import { client, newUser, startIdentity, type IdentityHarness } from './harness.ts';

// svc-quests, svc-identity, svc-goals and svc-community on one namespace: completions, partials and
// revokes go through svc-quests' API, and the read models fed by events are rebuilt from the streams'
// history and compared with the live ones.

let infra: TestInfra;
let quests: TestService;
let identity: IdentityHarness;
let goals: TestService;
let community: TestService;

beforeAll(async () => {
  infra = await startTestInfra();
  quests = await startTestService({
    name: 'svc-quests',
    createApp: createQuestsApp,
    startWorkers: startQuestsWorkers,
    infra,
  });
  identity = await startIdentity(infra);
  goals = await startTestService({
    name: 'svc-goals',
    createApp: createGoalsApp,
    startWorkers: startGoalsWorkers,
    infra,
  });
  community = await startTestService({
    name: 'svc-community',
    createApp: createCommunityApp,
    startWorkers: startCommunityWorkers,
    infra,
  });
}, 60_000);
afterAll(async () => {
  await community?.stop();
  await goals?.stop();
  await identity?.stop();
  await quests?.stop();
  if (infra) {
    await removeTestStreams(infra);
    await infra.stop();
  }
});

const run = promisify(execFile);

/** `npm run events -- rebuild ...` against this file's namespace and databases: its output and exit code. */
async function rebuildCommand(...services: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['scripts/events.ts', 'rebuild', ...services], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        NATS_URL: infra.natsUrl,
        MONGO_URL: infra.mongoUrl,
        EVENTS_NAMESPACE: infra.suffix,
        EVENTS_DB_SUFFIX: infra.suffix,
      },
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '' };
  }
}

async function rebuild(model: ReadModelRebuild, live: TestService): Promise<RebuildReport> {
  const scratch = await connectMongo(infra.mongoUrl, `${live.deps.db.name}_rebuild`);
  try {
    return await rebuildAndCompare(live.deps.bus, model, live.deps.db, scratch);
  } finally {
    await scratch.dropDatabase().catch(() => undefined);
    await scratch.close();
  }
}

/** Rebuilds until the live read model has caught up with the stream (consumers are asynchronous). */
async function settled(model: ReadModelRebuild, live: TestService): Promise<RebuildReport> {
  return eventually(
    () => rebuild(model, live),
    (report) => report.differences.length === 0,
    30_000,
    500,
  );
}

async function member() {
  const { body } = await client(identity.url).request('POST', '/api/auth/register', newUser());
  return body.id as string;
}

/** A member's day: completions, a partial, revokes, a linked series occurrence, a life task. */
async function playDay(userId: string) {
  const as = quests.as(userId);
  const made = [];
  for (const [i, difficulty] of ['easy', 'medium', 'hard', 'easy'].entries()) {
    const { body } = await as('POST', '/api/quests', {
      title: `Errand ${i}`,
      description: 'Something to do',
      difficulty,
      category: 'health_fitness',
    });
    made.push(body.id as string);
  }
  const [a, b, c, d] = made as [string, string, string, string];
  await as('POST', `/api/quests/${a}/complete`);
  await as('POST', `/api/quests/${b}/toggle`);
  await as('POST', `/api/quests/${b}/toggle`); // revoked
  await as('PATCH', `/api/quests/${c}/progress`, { completionType: 'partial' });
  await as('PATCH', `/api/quests/${c}/progress`, { completionType: 'completed' });
  await as('PATCH', `/api/quests/${d}/progress`, { completionType: 'partial' });
  await as('PATCH', `/api/quests/${d}/progress`, { completionType: 'not_completed' });
  await as('POST', `/api/quests/${d}/complete`);

  const { body: series } = await as('POST', '/api/quests/recurring', {
    title: 'Evening walk',
    description: 'Around the block',
    difficulty: 'easy',
    recurrenceType: 'daily',
  });
  const { body: goal } = await goals.as(userId)('POST', '/api/goals', {
    title: 'Walk more',
    targetXp: 500,
  });
  await eventually(
    () =>
      goals.as(userId)('POST', `/api/goals/${goal.id}/series`, {
        seriesId: series.id,
        xpPerOccurrence: 30,
      }),
    (answer) => answer.status === 201,
  );
  const occurrenceId = series.todaysOccurrence.id as string;
  await as('PATCH', `/api/quests/occurrences/${occurrenceId}/progress`, {
    completionType: 'partial',
  });
  await as('PATCH', `/api/quests/occurrences/${occurrenceId}/progress`, {
    completionType: 'completed',
  });

  const { body: task } = await as('POST', '/api/life-tasks', { title: 'Water the plants' });
  await as('POST', `/api/life-tasks/${task.id}/complete`);
}

describe("read models rebuilt from the streams' history", () => {
  it('when members complete, partly complete and revoke quests, then XP, goals and the feed rebuilt from history equal the live ones, and a lost change shows as a difference', async () => {
    const members = [await member(), await member()];
    for (const userId of members) await playDay(userId);
    // A co-focus bonus (svc-community's event, read by the XP consumer from the COMMUNITY stream): a
    // rebuild from the quests' history alone would take it away.
    await identity.deps.bus.publish(
      makeEvent('community.co_focus.awarded', {
        userId: members[1]!,
        sessionId: randomUUID(),
        questId: randomUUID(),
        completionEventId: randomUUID(),
        xpDelta: CO_FOCUS_BONUS_XP,
        title: 'Errand 0',
        localDate: '2026-11-25',
      }),
    );
    const { body: overview } = await quests.as(members[0]!)('GET', '/api/dashboard/overview');
    expect(overview.totalXpEarned).toBeGreaterThan(0);

    const xp = await settled(xpRebuild, identity);
    expect(xp.differences).toEqual([]);
    expect(xp.events).toBeGreaterThan(20);
    const goalsReport = await settled(goalsRebuild, goals);
    expect(goalsReport.differences).toEqual([]);
    const feed = await settled(feedRebuild, community);
    expect(feed.differences).toEqual([]);

    // The rebuilt totals are what svc-quests itself says each member earned, the co-focus bonus
    // included (svc-quests follows the bonus events into its own read model).
    const { User } = identityModels(identity.deps.db);
    const totals: number[] = [];
    for (const userId of members) {
      const xp = (await User.findById(userId).lean())?.xp;
      const overview = await eventually(
        async () => (await quests.as(userId)('GET', '/api/dashboard/overview')).body,
        (body) => body.totalXpEarned === xp,
      );
      expect(xp).toBe(overview.totalXpEarned);
      totals.push(overview.totalXpEarned as number);
    }
    // Both played the same day; the second member has the bonus on top.
    expect(totals[1]).toBe(totals[0]! + CO_FOCUS_BONUS_XP);
    // Each member: a linked occurrence's credit and talent counts; a feed item per completion kept.
    expect(goalsReport.keys).toBeGreaterThanOrEqual(4);
    // a, c (partial then completed), d (undone, then completed) and the occurrence; b was revoked.
    expect(feed.keys).toBe(members.length * 4);

    const command = await rebuildCommand();
    expect(command.out).toContain('svc-identity xp: ');
    expect(command.out.match(/same as live/g)).toHaveLength(3);
    expect(command.code).toBe(0);

    // A change lost in a live read model is found.
    await User.updateOne({ _id: members[0]! }, { $inc: { xp: -5 } });
    const { FeedEntry } = communityModels(community.deps.db);
    const dropped = await FeedEntry.findOne({ userId: members[1]!, revokedAt: null }).lean();
    await FeedEntry.deleteOne({ _id: dropped!._id });
    const xpAfter = await rebuild(xpRebuild, identity);
    expect(xpAfter.differences).toEqual([
      {
        key: `xp ${members[0]}`,
        live: String(Number(xpAfter.differences[0]?.rebuilt) - 5),
        rebuilt: expect.any(String),
      },
    ]);
    const feedAfter = await rebuild(feedRebuild, community);
    expect(feedAfter.differences).toHaveLength(1);
    expect(feedAfter.differences[0]).toMatchObject({
      key: expect.stringContaining(`feed ${members[1]} ${dropped!.questId}`),
      live: undefined,
    });
    const { Goal } = goalModels(goals.deps.db);
    const goal = await Goal.findOne({ userId: members[0]! }).lean();
    const [creditKey] = Object.keys(goal!.credits);
    await Goal.updateOne({ _id: goal!._id }, { $set: { [`credits.${creditKey}`]: 1 } });
    const goalsAfter = await rebuild(goalsRebuild, goals);
    expect(goalsAfter.differences).toEqual([
      { key: `goal ${goal!._id.toString()} ${creditKey}`, live: '1', rebuilt: '30' },
    ]);
    const afterLoss = await rebuildCommand('identity');
    expect(afterLoss.out).toContain(`xp ${members[0]}: live `);
    expect(afterLoss.out).toContain('1 difference(s)');
    expect(afterLoss.code).toBe(1);
  }, 120_000);
});
