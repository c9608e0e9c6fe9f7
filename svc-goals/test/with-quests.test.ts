import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarResponseSchema, dashboardOverviewSchema, localDate } from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import { linkOnceKnown, physicalRoot, startWithQuests, type WithQuests } from './harness.ts';

let sides: WithQuests;

beforeAll(async () => {
  sides = await startWithQuests();
});
afterAll(async () => {
  await sides?.stop();
});

describe('svc-quests -> svc-goals', () => {
  it('when a linked series occurrence is completed in svc-quests, then the goal gains its XP and the star fills; toggled back, both are undone', async () => {
    const { inQuests, inGoals } = sides.user();
    const { body: series } = await inQuests('POST', '/api/quests/recurring', {
      title: 'Morning pages',
      description: 'Three pages, longhand',
      difficulty: 'easy',
      recurrenceType: 'daily',
    });
    const occurrenceId: string = series.todaysOccurrence.id;
    const { body: goal } = await inGoals('POST', '/api/goals', {
      title: 'Write every day',
      targetXp: 100,
    });
    await linkOnceKnown(inGoals, goal.id, series, 25);
    const star = async () =>
      (
        await inGoals('GET', `/api/goals/${goal.id}/journey`)
      ).body.linkedSeries[0]?.occurrences.find((o: { id: string }) => o.id === occurrenceId);
    expect(await eventually(star, (s) => s !== undefined)).toMatchObject({ isCompleted: false });

    await inQuests('POST', `/api/quests/occurrences/${occurrenceId}/toggle`);
    const xp = async () => (await inGoals('GET', '/api/goals')).body[0].currentXp;
    expect(await eventually(xp, (value) => value === 25)).toBe(25);
    expect(await star()).toMatchObject({ isCompleted: true, xpContributed: 25 });

    await inQuests('POST', `/api/quests/occurrences/${occurrenceId}/toggle`);
    expect(await eventually(xp, (value) => value === 0)).toBe(0);
    expect(await star()).toMatchObject({ isCompleted: false, xpContributed: 0 });
  });

  it('when quests on a path are completed in svc-quests, then the talent node unlocks in svc-goals', async () => {
    const { inQuests, inGoals } = sides.user();
    const root = await physicalRoot(inGoals);
    for (let i = 0; i < root.completionsRequired; i += 1) {
      const { body: quest } = await inQuests('POST', '/api/quests', {
        title: `Push-ups ${i}`,
        description: 'Twenty of them',
        difficulty: 'easy',
        category: 'health_fitness',
      });
      await inQuests('POST', `/api/quests/${quest.id}/complete`);
    }
    const progress = await eventually(
      async () => (await inGoals('GET', '/api/talent-tree/user/progress')).body,
      (list: Array<{ nodeKey: string; currentCompletions: number }>) =>
        list.find((p) => p.nodeKey === root.nodeKey)?.currentCompletions ===
        root.completionsRequired,
    );
    expect(progress.find((p: { nodeKey: string }) => p.nodeKey === root.nodeKey)).toMatchObject({
      currentCompletions: root.completionsRequired,
      isUnlocked: false,
    });
    const { body } = await inGoals('POST', '/api/talent-tree/user/check-unlocks');
    expect(body.newlyUnlocked.map((n: { nodeKey: string }) => n.nodeKey)).toEqual([root.nodeKey]);
  });
});

describe('svc-goals -> svc-quests (overview and calendar)', () => {
  it('when goals are created, completed and deleted in svc-goals, then the overview counts and the calendar follow', async () => {
    const { inQuests, inGoals } = sides.user();
    const { body: first } = await inGoals('POST', '/api/goals', { title: 'Finish', targetXp: 10 });
    const { body: second } = await inGoals('POST', '/api/goals', { title: 'Keep going' });
    await inGoals('POST', '/api/goals', { title: 'Drop me' }).then(({ body }) =>
      inGoals('DELETE', `/api/goals/${body.id}`),
    );
    await inGoals('POST', `/api/goals/${first.id}/progress`, { xpGain: 10 });
    await inGoals('PUT', `/api/goals/${second.id}`, { status: 'paused' });
    await inGoals('PUT', `/api/goals/${second.id}`, { status: 'active' });
    const overview = await eventually(
      async () =>
        dashboardOverviewSchema.parse((await inQuests('GET', '/api/dashboard/overview')).body),
      (o) => o.completedGoalsCount === 1 && o.activeGoalsCount === 1,
    );
    expect(overview).toMatchObject({ activeGoalsCount: 1, completedGoalsCount: 1 });
    const today = localDate(new Date(), 'UTC');
    const calendar = calendarResponseSchema.parse(
      (await inQuests('GET', `/api/dashboard/calendar?month=${today.slice(0, 7)}`)).body,
    );
    // The user has no zone in svc-quests' read model, so days are UTC days.
    expect(calendar[today]?.goalsCompleted).toEqual([{ id: first.id, title: 'Finish' }]);
  });
});
