import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKFILL_RULE,
  goalProgressListResponseSchema,
  talentProgressListResponseSchema,
  type CompletionType,
} from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import {
  journeyOf,
  linkOnceKnown,
  physicalRoot,
  settle,
  startWithQuests,
  type WithQuests,
} from './harness.ts';

// A back-fill moves goals and talents in svc-goals through the same events as a same-day check-off,
// exactly once. Both services share one clock, pinned to Saturday 21 November 2026 at 10:00 and
// running on from there: the users have no zone, so their days are UTC days.
const PINNED = Date.parse('2026-11-21T10:00:00.000Z');
const offset = PINNED - Date.now();
const clock = () => new Date(Date.now() + offset);
const YESTERDAY = '2026-11-20';
const EIGHT_DAYS_AGO = '2026-11-13';
const XP_PER_OCCURRENCE = 25;

let sides: WithQuests;

beforeAll(async () => {
  sides = await startWithQuests({ clock });
});
afterAll(async () => {
  await sides?.stop();
});

/** A user's daily series, started `daysAgo` days back, linked to their one goal. */
async function linkedSeries(daysAgo = 10) {
  const { inQuests, inGoals } = sides.user();
  const { status, body: series } = await inQuests('POST', '/api/quests/recurring', {
    title: 'Morning pages',
    description: 'Three pages, longhand',
    difficulty: 'easy',
    recurrenceType: 'daily',
    startDate: new Date(PINNED - daysAgo * 86_400_000).toISOString(),
  });
  expect(status).toBe(201);
  const { body: goal } = await inGoals('POST', '/api/goals', {
    title: 'Write every day',
    targetXp: 1000,
  });
  await linkOnceKnown(inGoals, goal.id, series, XP_PER_OCCURRENCE);
  const fill = (date: string, completionType: CompletionType) =>
    inQuests('PUT', `/api/quests/recurring/${series.id}/days/${date}`, { completionType });
  const xp = async (): Promise<number> => (await inGoals('GET', '/api/goals')).body[0].currentXp;
  /** The goal's XP once it reached `expected`, read again after a pause that a double count would show in. */
  const settledXp = async (expected: number) => {
    await eventually(xp, (value) => value === expected);
    await settle();
    return xp();
  };
  /** The goal's journey star of an occurrence, once svc-goals has heard it was scheduled. */
  const star = async (occurrenceId: string) =>
    eventually(
      async () =>
        (await journeyOf(inGoals, goal.id)).linkedSeries[0]?.occurrences.find(
          (o) => o.id === occurrenceId,
        ),
      (found) => found !== undefined,
    );
  /** The goal's progress history (written from its goals.progressed events) once it has `rows` rows. */
  const history = (rows: number) =>
    eventually(
      async () =>
        goalProgressListResponseSchema
          .parse((await inGoals('GET', `/api/goals/${goal.id}/progress`)).body)
          .map((row) => [row.deltaXp, row.sourceId]),
      (list) => list.length >= rows,
    );
  return { inQuests, inGoals, series, goal, fill, xp, settledXp, star, history };
}

describe('back-fills of a linked series move the goal (svc-quests -> svc-goals)', () => {
  it("when yesterday's occurrence is back-filled as Completed, then the goal gains its XP once and that day's star fills; un-completed, it is taken back; filled in again, it counts once more", async () => {
    const { fill, settledXp, star, history } = await linkedSeries();
    const done = await fill(YESTERDAY, 'completed');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ scheduledFor: YESTERDAY, isCompleted: true });
    const occurrenceId: string = done.body.id;
    expect(await settledXp(XP_PER_OCCURRENCE)).toBe(XP_PER_OCCURRENCE);
    expect(await star(occurrenceId)).toMatchObject({
      scheduledFor: YESTERDAY,
      isCompleted: true,
      xpContributed: XP_PER_OCCURRENCE,
    });

    const undone = await fill(YESTERDAY, 'not_completed');
    expect(undone.body).toMatchObject({ id: occurrenceId, isCompleted: false });
    expect(await settledXp(0)).toBe(0);
    expect(await star(occurrenceId)).toMatchObject({ isCompleted: false, xpContributed: 0 });

    const again = await fill(YESTERDAY, 'completed');
    expect(again.body).toMatchObject({ id: occurrenceId, isCompleted: true });
    expect(await settledXp(XP_PER_OCCURRENCE)).toBe(XP_PER_OCCURRENCE);
    expect(await star(occurrenceId)).toMatchObject({
      isCompleted: true,
      xpContributed: XP_PER_OCCURRENCE,
    });
    expect(await history(3)).toEqual([
      [XP_PER_OCCURRENCE, occurrenceId],
      [-XP_PER_OCCURRENCE, occurrenceId],
      [XP_PER_OCCURRENCE, occurrenceId],
    ]);
  });

  it("when yesterday is back-filled as Kinda Sorta, then the goal moves by what a same-day Kinda Sorta gives, and that day's star shows it", async () => {
    const { inQuests, series, fill, xp, settledXp, star } = await linkedSeries();
    const today: string = series.todaysOccurrence.id;
    const sameDay = await inQuests('PATCH', `/api/quests/occurrences/${today}/progress`, {
      completionType: 'partial',
    });
    expect(sameDay.status).toBe(200);
    await eventually(xp, (value) => value > 0);
    await settle();
    const partialXp = await xp();
    // Kinda Sorta moves a goal, by less than a completion.
    expect(partialXp).toBeGreaterThan(0);
    expect(partialXp).toBeLessThan(XP_PER_OCCURRENCE);

    const filled = await fill(YESTERDAY, 'partial');
    expect(filled.body).toMatchObject({ scheduledFor: YESTERDAY, completionType: 'partial' });
    expect(await settledXp(2 * partialXp)).toBe(2 * partialXp);
    expect(await star(filled.body.id)).toMatchObject({
      scheduledFor: YESTERDAY,
      isCompleted: true,
      completionType: 'partial',
      xpContributed: partialXp,
    });
    expect(await star(today)).toMatchObject({ xpContributed: partialXp });
  });

  it('when the same past day is back-filled 8 times at once, then the goal moves once', async () => {
    const { fill, settledXp, history } = await linkedSeries();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => fill(YESTERDAY, 'completed')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await settledXp(XP_PER_OCCURRENCE)).toBe(XP_PER_OCCURRENCE);
    expect(await history(1)).toEqual([[XP_PER_OCCURRENCE, answers[0]?.body.id]]);
  });

  it('when a day 8 days back is back-filled, then it is a 409 naming the rule and the goal does not move', async () => {
    const { inGoals, goal, fill, xp } = await linkedSeries(20);
    const refused = await fill(EIGHT_DAYS_AGO, 'completed');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(BACKFILL_RULE);
    await settle();
    expect(await xp()).toBe(0);
    const stars = (await journeyOf(inGoals, goal.id)).linkedSeries[0]?.occurrences ?? [];
    expect(stars.filter((s) => s.scheduledFor === EIGHT_DAYS_AGO)).toEqual([]);
  });
});

describe('back-fills count toward talents (svc-quests -> svc-goals)', () => {
  it('when a back-filled quest is the completion a node was waiting for, then the node unlocks; undone with Undo, the path count goes back and the node stays unlocked', async () => {
    const { inQuests, inGoals } = sides.user();
    const root = await physicalRoot(inGoals);
    const pushUps = (title: string, fields: Record<string, unknown> = {}) =>
      inQuests('POST', '/api/quests', {
        title,
        description: 'Twenty of them',
        difficulty: 'easy',
        category: 'health_fitness',
        ...fields,
      });
    const rootProgress = async () =>
      talentProgressListResponseSchema
        .parse((await inGoals('GET', '/api/talent-tree/user/progress')).body)
        .find((p) => p.nodeKey === root.nodeKey);
    const checkUnlocks = async () =>
      (await inGoals('POST', '/api/talent-tree/user/check-unlocks')).body.newlyUnlocked.map(
        (n: { nodeKey: string }) => n.nodeKey,
      );
    const short = root.completionsRequired - 1;
    for (let i = 0; i < short; i += 1) {
      const { body: quest } = await pushUps(`Push-ups ${i}`);
      await inQuests('POST', `/api/quests/${quest.id}/complete`);
    }
    await eventually(rootProgress, (p) => p?.currentCompletions === short);
    expect(await checkUnlocks()).toEqual([]);

    // Yesterday's push-ups, not ticked off then.
    const { body: missed } = await pushUps('Push-ups yesterday', {
      dueDate: `${YESTERDAY}T18:00:00.000Z`,
    });
    const filled = await inQuests('PUT', `/api/quests/${missed.id}/days/${YESTERDAY}`, {
      completionType: 'completed',
    });
    expect(filled.body).toMatchObject({ isCompleted: true });
    await eventually(rootProgress, (p) => p?.currentCompletions === root.completionsRequired);
    expect(await checkUnlocks()).toEqual([root.nodeKey]);
    expect(await rootProgress()).toMatchObject({
      currentCompletions: root.completionsRequired,
      isUnlocked: true,
    });

    // The usual Undo, whose quests.revoked carries today, not the filled-in day.
    const undo = await inQuests(
      'POST',
      `/api/quests/completions/${filled.body.completionEventId}/undo`,
    );
    expect(undo.status).toBe(200);
    const after = await eventually(rootProgress, (p) => p?.currentCompletions === short);
    // An unlocked node is kept, and announced once.
    expect(after).toMatchObject({ currentCompletions: short, isUnlocked: true });
    expect(await checkUnlocks()).toEqual([]);
  });
});
