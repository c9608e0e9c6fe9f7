import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  removeTestStreams,
  startTestInfra,
  type TestInfra,
} from '@levelup/service-kit/testing';
// svc-identity runs beside svc-quests here, as in production: quests publishes, identity applies the XP.
import {
  client,
  newUser,
  startIdentity,
  type IdentityHarness,
} from '../../svc-identity/test/harness.ts';
import { newQuest, startQuests, type QuestsHarness } from './harness.ts';

let infra: TestInfra;
let identity: IdentityHarness;
let quests: QuestsHarness;

beforeAll(async () => {
  infra = await startTestInfra();
  identity = await startIdentity(infra);
  quests = await startQuests(infra);
});
afterAll(async () => {
  await quests?.stop();
  await identity?.stop();
  await removeTestStreams(infra);
  await infra.stop();
});

async function signUp(): Promise<string> {
  const { status, body } = await client(identity.url).request(
    'POST',
    '/api/auth/register',
    newUser(),
  );
  expect(status).toBe(201);
  return body.id;
}

async function xpOf(userId: string): Promise<number> {
  const { body } = await identity.as(userId)('GET', '/api/user/profile');
  return body.xp;
}

/** Waits for the XP svc-identity computed to reach `expected`, then watches a little longer for a late double count. */
async function settledXp(userId: string, expected: number): Promise<number> {
  await eventually(
    () => xpOf(userId),
    (xp) => xp === expected,
    15_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 750));
  return xpOf(userId);
}

describe('quest completion to XP, across svc-quests and svc-identity', () => {
  it('when a user completes a quest and then un-completes it, then their XP rises by its reward and falls back to 0', async () => {
    const userId = await signUp();
    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest({ difficulty: 'medium' }));
    expect((await me('POST', `/api/quests/${quest.id}/toggle`)).body.xpDelta).toBe(50);
    expect(await settledXp(userId, 50)).toBe(50);
    expect((await me('POST', `/api/quests/${quest.id}/toggle`)).body.xpDelta).toBe(-50);
    expect(await settledXp(userId, 0)).toBe(0);
  });

  it('when a quest is toggled by 20 parallel requests, then the XP matches its final state and is never awarded twice', async () => {
    const userId = await signUp();
    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest({ difficulty: 'hard' }));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => me('POST', `/api/quests/${quest.id}/toggle`)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const deltas = results.map((r) => r.body.xpDelta as number);
    expect(deltas.every((d) => d === 0 || d === 100 || d === -100)).toBe(true);
    const final = (await me('GET', '/api/quests')).body[0];
    const expected = final.isCompleted ? 100 : 0;
    // What the responses claim and what svc-identity applied both equal the final state.
    expect(deltas.reduce((sum, d) => sum + d, 0)).toBe(expected);
    expect(await settledXp(userId, expected)).toBe(expected);
  });

  it('when a user double-clicks complete on three quests, then each awards once and the level follows', async () => {
    const userId = await signUp();
    const me = quests.as(userId);
    const created = [];
    for (const difficulty of ['hard', 'hard', 'medium'])
      created.push((await me('POST', '/api/quests', newQuest({ difficulty }))).body);
    // A double click: two toggles fired together; exactly one of each pair wins.
    const pairs = await Promise.all(
      created.flatMap((quest) => [
        me('POST', `/api/quests/${quest.id}/toggle`),
        me('POST', `/api/quests/${quest.id}/toggle`),
      ]),
    );
    const completed = (await me('GET', '/api/quests')).body.filter(
      (q: { isCompleted: boolean }) => q.isCompleted,
    );
    const expected = completed.reduce(
      (sum: number, q: { xpReward: number }) => sum + q.xpReward,
      0,
    );
    expect(pairs.reduce((sum, r) => sum + (r.body.xpDelta as number), 0)).toBe(expected);
    expect(await settledXp(userId, expected)).toBe(expected);
    const { body: profile } = await identity.as(userId)('GET', '/api/user/profile');
    expect(profile.level).toBe(expected >= 300 ? 3 : expected >= 100 ? 2 : 1);
  });

  it('when a quest goes partial, completed, partial and complete again, then the profile ends at the full reward, never doubled', async () => {
    const userId = await signUp();
    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest({ xpReward: 45 }));
    await me('PATCH', `/api/quests/${quest.id}/progress`, { completionType: 'partial' });
    expect(await settledXp(userId, 22)).toBe(22);
    await me('PATCH', `/api/quests/${quest.id}/progress`, { completionType: 'completed' });
    await me('PATCH', `/api/quests/${quest.id}/progress`, { completionType: 'partial' });
    await Promise.all([
      me('POST', `/api/quests/${quest.id}/complete`),
      me('POST', `/api/quests/${quest.id}/complete`),
    ]);
    expect(await settledXp(userId, 45)).toBe(45);
    expect((await me('GET', '/api/dashboard/overview')).body.totalXpEarned).toBe(45);
  });

  it('when a user checks off a life task twice and a recurring one once, then the profile gains each maintenance XP once', async () => {
    const userId = await signUp();
    const me = quests.as(userId);
    const { body: once } = await me('POST', '/api/life-tasks', {
      title: 'Pay rent',
      maintenanceXp: 5,
    });
    const { body: weekly } = await me('POST', '/api/life-tasks', {
      title: 'Water plants',
      isRecurring: true,
    });
    await me('POST', `/api/life-tasks/${once.id}/complete`);
    await me('PATCH', `/api/life-tasks/${once.id}/complete`);
    await me('POST', `/api/life-tasks/${weekly.id}/complete`);
    expect(await settledXp(userId, 7)).toBe(7);
  });

  it('when ten Undos of a life task check-off race, then the profile and the overview lose exactly the XP it earned, once, and the XP history shows the take-back', async () => {
    const userId = await signUp();
    const me = quests.as(userId);
    const { body: kept } = await me('POST', '/api/life-tasks', { title: 'Sort the mail' });
    const { body: task } = await me('POST', '/api/life-tasks', {
      title: 'Pay rent',
      maintenanceXp: 7,
    });
    await me('POST', `/api/life-tasks/${kept.id}/complete`);
    const done = (await me('POST', `/api/life-tasks/${task.id}/complete`)).body;
    expect(done).toMatchObject({ xpEarned: 7, isCompleted: true });
    expect(await settledXp(userId, 9)).toBe(9);

    const undos = await Promise.all(
      Array.from({ length: 10 }, () =>
        me('POST', `/api/quests/completions/${done.completionEventId}/undo`),
      ),
    );
    expect(undos.every((r) => r.status === 200)).toBe(true);
    expect(undos.filter((r) => r.body.undone)).toHaveLength(1);
    expect(undos.reduce((sum, r) => sum + (r.body.xpDelta as number), 0)).toBe(-7);
    expect(undos.find((r) => r.body.undone)?.body).toMatchObject({
      kind: 'life_task',
      id: task.id,
      title: 'Pay rent',
      xpDelta: -7,
    });
    expect(await settledXp(userId, 2)).toBe(2);
    expect((await me('GET', '/api/dashboard/overview')).body.totalXpEarned).toBe(2);
    const { body: history } = await identity.as(userId)('GET', '/api/user/xp-history');
    expect(
      history.entries.map((e: { type: string; source: string; xpDelta: number }) => [
        e.type,
        e.source,
        e.xpDelta,
      ]),
    ).toContainEqual(['quests.life_task_uncompleted', 'life_task', -7]);

    // Checked off again, it earns again; the old check-off's Undo then moves nothing.
    expect((await me('POST', `/api/life-tasks/${task.id}/complete`)).body.xpEarned).toBe(7);
    expect(
      (await me('POST', `/api/quests/completions/${done.completionEventId}/undo`)).body,
    ).toMatchObject({ undone: false, xpDelta: 0 });
    expect(await settledXp(userId, 9)).toBe(9);
  });

  it("when a user mixes quests, occurrences and life tasks, then the overview's totalXpEarned equals the profile's XP", async () => {
    const userId = await signUp();
    const me = quests.as(userId);
    const { body: quest } = await me('POST', '/api/quests', newQuest({ xpReward: 33 }));
    const { body: series } = await me('POST', '/api/quests/recurring', {
      ...newQuest({ xpReward: 41 }),
      recurrenceType: 'daily',
    });
    const { body: task } = await me('POST', '/api/life-tasks', { title: 'Sort the mail' });
    const occurrence = series.todaysOccurrence.id;
    await Promise.all([
      me('PATCH', `/api/quests/${quest.id}/progress`, { completionType: 'partial' }),
      me('POST', `/api/quests/occurrences/${occurrence}/toggle`),
      me('POST', `/api/life-tasks/${task.id}/complete`),
    ]);
    await me('PATCH', `/api/quests/occurrences/${occurrence}/progress`, {
      completionType: 'partial',
    });
    const expected = 16 + 20 + 2;
    expect((await me('GET', '/api/dashboard/overview')).body.totalXpEarned).toBe(expected);
    expect(await settledXp(userId, expected)).toBe(expected);
  });

  it('when undos, toggles, edits and deletes race on quests and a series, then the profile XP equals what the quests kept', async () => {
    const userId = await signUp();
    const me = quests.as(userId);
    const { body: kept } = await me('POST', '/api/quests', newQuest({ xpReward: 30 }));
    const { body: raced } = await me('POST', '/api/quests', newQuest({ xpReward: 25 }));
    const { body: series } = await me('POST', '/api/quests/recurring', {
      ...newQuest({ xpReward: 12 }),
      recurrenceType: 'daily',
    });
    const keptDone = (await me('POST', `/api/quests/${kept.id}/toggle`)).body;
    const racedDone = (await me('POST', `/api/quests/${raced.id}/toggle`)).body;
    await me('POST', `/api/quests/occurrences/${series.todaysOccurrence.id}/complete`);
    await Promise.all([
      // Four Undos of one completion take it back once.
      ...Array.from({ length: 4 }, () =>
        me('POST', `/api/quests/completions/${keptDone.completionEventId}/undo`),
      ),
      // A quest undone, toggled, re-priced and deleted all at once.
      me('POST', `/api/quests/completions/${racedDone.completionEventId}/undo`),
      me('POST', `/api/quests/${raced.id}/toggle`),
      me('PATCH', `/api/quests/${raced.id}`, { xpReward: 90 }),
      me('DELETE', `/api/quests/${raced.id}`),
      // A series edited and deleted while its occurrence's XP stays.
      me('PATCH', `/api/quests/recurring/${series.id}`, { xpReward: 50 }),
      me('DELETE', `/api/quests/recurring/${series.id}`),
    ]);
    const total = (await me('GET', '/api/dashboard/overview')).body.totalXpEarned as number;
    // The kept quest is back to 0; the raced one kept 0 or its 25 (or 90 if the toggle saw the new price).
    expect([12, 37, 102]).toContain(total);
    expect(await settledXp(userId, total)).toBe(total);
  });
});
