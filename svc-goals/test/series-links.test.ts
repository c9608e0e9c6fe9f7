import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstream } from '@nats-io/jetstream';
import {
  goalProgressListResponseSchema,
  goalSeriesLinkListResponseSchema,
  goalSeriesLinkSchema,
  type EventEnvelope,
} from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import {
  journeyOf,
  listenTo,
  questEvents,
  settle,
  startGoals,
  type GoalsHarness,
} from './harness.ts';

let service: GoalsHarness;
let listener: Awaited<ReturnType<typeof listenTo>>;

beforeAll(async () => {
  service = await startGoals();
  listener = await listenTo(service, 'GOALS', 'series-links-listener');
});
afterAll(async () => {
  await listener?.stop();
  await service?.stop();
});

const publish = async (...events: EventEnvelope[]) => {
  for (const event of events) await service.deps.bus.publish(event);
};

/**
 * The same event once more under another message id: what a redelivery after JetStream's duplicate
 * window looks like (the outbox poller republishing after a crash), which msgID de-duplication cannot stop.
 */
async function redeliver(event: EventEnvelope): Promise<void> {
  await jetstream(service.deps.bus.connection).publish(
    `${service.deps.bus.namespace}.${event.type}`,
    JSON.stringify(event),
    { msgID: randomUUID() },
  );
}

const hour = (h: number) => new Date(Date.now() + h * 3_600_000);

async function setUp(
  options: { targetXp?: number; xpPerOccurrence?: number; link?: boolean } = {},
) {
  const userId = randomUUID();
  const me = service.as(userId);
  const q = questEvents(userId);
  const { body: goal } = await me('POST', '/api/goals', {
    title: 'Run every morning',
    theme: 'health',
    targetXp: options.targetXp ?? 300,
  });
  await publish(q.series('quests.series_created'));
  const occurrences = [randomUUID(), randomUUID(), randomUUID()];
  // Scheduled out of date order: the journey sorts them.
  await publish(
    q.scheduled(occurrences[1] as string, '2026-11-23'),
    q.scheduled(occurrences[0] as string, '2026-11-22'),
    q.scheduled(occurrences[2] as string, '2026-11-24'),
  );
  await eventually(
    async () =>
      service.deps.db
        .collection('quest_occurrence_views')
        .countDocuments({ _id: { $in: occurrences as never[] }, scheduledFor: { $ne: null } }),
    (count) => count === 3,
  );
  const link =
    options.link === false
      ? undefined
      : await linkWhenKnown(me, goal.id, q.seriesId, options.xpPerOccurrence ?? 30);
  const xpOf = async () =>
    ((await me('GET', '/api/goals')).body as Array<{ id: string; currentXp: number }>).find(
      (g) => g.id === goal.id,
    )?.currentXp;
  return { userId, me, q, goal, occurrences, link, xpOf };
}

/** Links once the series_created event reached the read model (so the answer carries the title). */
async function linkWhenKnown(
  me: ReturnType<GoalsHarness['as']>,
  goalId: string,
  seriesId: string,
  xpPerOccurrence: number,
) {
  await eventually(
    async () =>
      (await service.deps.db
        .collection('quest_series_views')
        .findOne({ _id: seriesId as never })) !== null,
    (known) => known,
  );
  const { status, body } = await me('POST', `/api/goals/${goalId}/series`, {
    seriesId,
    xpPerOccurrence,
  });
  expect(status).toBe(201);
  return goalSeriesLinkSchema.parse(body);
}

describe('POST and GET /api/goals/:id/series', () => {
  it('when a series is linked, then it is listed with its title, and linking it again is 409', async () => {
    const { me, goal, q, link } = await setUp();
    expect(link).toMatchObject({
      goalId: goal.id,
      seriesId: q.seriesId,
      title: 'Morning run',
      xpPerOccurrence: 30,
    });
    const again = await me('POST', `/api/goals/${goal.id}/series`, {
      seriesId: q.seriesId,
      xpPerOccurrence: 10,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This series is already linked to the goal');
    const { body } = await me('GET', `/api/goals/${goal.id}/series`);
    expect(goalSeriesLinkListResponseSchema.parse(body)).toEqual([link]);
  });

  it('when five links of the same series race, then exactly one is made and the others are 409', async () => {
    const { me, goal, q } = await setUp({ link: false });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        me('POST', `/api/goals/${goal.id}/series`, { seriesId: q.seriesId, xpPerOccurrence: 5 }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await me('GET', `/api/goals/${goal.id}/series`)).body).toHaveLength(1);
  });

  it("when another user's series is linked, then it is 404 and nothing is linked", async () => {
    const { me, goal } = await setUp({ link: false });
    const stranger = questEvents(randomUUID());
    await publish(stranger.series('quests.series_created', { title: 'Not yours' }));
    await eventually(
      async () =>
        service.deps.db
          .collection('quest_series_views')
          .findOne({ _id: stranger.seriesId as never }),
      (doc) => doc !== null,
    );
    const foreign = await me('POST', `/api/goals/${goal.id}/series`, {
      seriesId: stranger.seriesId,
      xpPerOccurrence: 5,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Recurring series not found');
    expect((await me('GET', `/api/goals/${goal.id}/series`)).body).toEqual([]);
  });

  it('when a series not yet known is linked, then it is 404 and nothing is linked; once its event arrived, the link works', async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const q = questEvents(userId);
    const { body: goal } = await me('POST', '/api/goals', { title: 'Early link' });
    const early = await me('POST', `/api/goals/${goal.id}/series`, {
      seriesId: q.seriesId,
      xpPerOccurrence: 7,
    });
    expect(early.status).toBe(404);
    expect(early.body.error.message).toBe('Recurring series not found');
    expect((await me('GET', `/api/goals/${goal.id}/series`)).body).toEqual([]);
    await publish(q.series('quests.series_created', { title: 'Evening stretch' }));
    const link = await linkWhenKnown(me, goal.id, q.seriesId, 7);
    expect(link).toMatchObject({ title: 'Evening stretch', xpPerOccurrence: 7 });
  });

  it("when another user's series is linked before svc-goals has heard of it, then it is refused, and its title never shows in the journey", async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const { body: goal } = await me('POST', '/api/goals', { title: 'Snooping' });
    const stranger = questEvents(randomUUID());
    const early = await me('POST', `/api/goals/${goal.id}/series`, {
      seriesId: stranger.seriesId,
      xpPerOccurrence: 5,
    });
    expect(early.status).toBe(404);
    await publish(stranger.series('quests.series_created', { title: 'Private therapy notes' }));
    await eventually(
      async () =>
        service.deps.db
          .collection('quest_series_views')
          .findOne({ _id: stranger.seriesId as never }),
      (doc) => doc !== null,
    );
    // A link to a foreign series made before this rule (written straight to the store) shows no title.
    await service.deps.db.collection('goal_recurring_series_links').insertOne({
      goalId: goal.id,
      seriesId: stranger.seriesId,
      userId,
      xpPerOccurrence: 5,
      linkedAt: new Date(),
    } as never);
    const journey = await journeyOf(me, goal.id);
    expect(JSON.stringify(journey)).not.toContain('Private therapy notes');
    const listed = (await me('GET', `/api/goals/${goal.id}/series`)).body;
    expect(JSON.stringify(listed)).not.toContain('Private therapy notes');
  });

  it.each([
    [{ seriesId: '', xpPerOccurrence: 5 }, 'Please choose a series'],
    [{ xpPerOccurrence: 5 }, 'Please choose a series'],
    [{ seriesId: 's1', xpPerOccurrence: 0 }, 'XP per occurrence must be at least 1'],
    [{ seriesId: { $ne: null }, xpPerOccurrence: 5 }, undefined],
  ])('when %j is sent, then it is 400 and nothing is linked', async (input, message) => {
    const me = service.as(randomUUID());
    const { body: goal } = await me('POST', '/api/goals', { title: 'Validate me' });
    const { status, body } = await me('POST', `/api/goals/${goal.id}/series`, input);
    expect(status).toBe(400);
    if (message) expect(body.error.message).toBe(message);
    expect((await me('GET', `/api/goals/${goal.id}/series`)).body).toEqual([]);
  });

  it('when the series is deleted in svc-quests, then its link goes too', async () => {
    const { me, goal, q } = await setUp();
    await publish(q.series('quests.series_deleted'));
    const list = await eventually(
      async () => (await me('GET', `/api/goals/${goal.id}/series`)).body,
      (links) => links.length === 0,
    );
    expect(list).toEqual([]);
  });
});

describe('GET /api/goals/:id/journey', () => {
  it('when no series is linked, then linkedSeries is empty', async () => {
    const { me, goal } = await setUp({ link: false });
    expect(await journeyOf(me, goal.id)).toEqual({ linkedSeries: [] });
  });

  it('when a series is linked, then its occurrences are listed by date with id, scheduledFor and isCompleted', async () => {
    const { me, goal, occurrences } = await setUp();
    const journey = await journeyOf(me, goal.id);
    expect(journey.linkedSeries).toHaveLength(1);
    expect(journey.linkedSeries[0]).toMatchObject({ title: 'Morning run', xpPerOccurrence: 30 });
    expect(journey.linkedSeries[0]?.occurrences).toEqual([
      {
        id: occurrences[0],
        scheduledFor: '2026-11-22',
        isCompleted: false,
        completionType: 'not_completed',
        xpContributed: 0,
      },
      {
        id: occurrences[1],
        scheduledFor: '2026-11-23',
        isCompleted: false,
        completionType: 'not_completed',
        xpContributed: 0,
      },
      {
        id: occurrences[2],
        scheduledFor: '2026-11-24',
        isCompleted: false,
        completionType: 'not_completed',
        xpContributed: 0,
      },
    ]);
  });
});

describe('linked occurrences move the goal (svc-quests events)', () => {
  it('when a linked occurrence is completed, then the goal gains xpPerOccurrence and the star fills; undone, it is taken back', async () => {
    const { me, goal, q, occurrences, xpOf } = await setUp();
    const occurrence = occurrences[1] as string;
    await publish(q.occurrence('quests.completed', occurrence));
    expect(await eventually(xpOf, (xp) => xp === 30)).toBe(30);
    const star = (await journeyOf(me, goal.id)).linkedSeries[0]?.occurrences[1];
    expect(star).toMatchObject({ id: occurrence, isCompleted: true, xpContributed: 30 });

    await publish(q.occurrence('quests.revoked', occurrence));
    expect(await eventually(xpOf, (xp) => xp === 0)).toBe(0);
    expect((await journeyOf(me, goal.id)).linkedSeries[0]?.occurrences[1]?.isCompleted).toBe(false);

    await publish(q.occurrence('quests.partial', occurrence));
    expect(await eventually(xpOf, (xp) => xp === 15)).toBe(15);

    const { body } = await me('GET', `/api/goals/${goal.id}/progress`);
    expect(
      goalProgressListResponseSchema
        .parse(body)
        .map((row) => [row.deltaXp, row.source, row.sourceId]),
    ).toEqual([
      [30, 'quest', occurrence],
      [-30, 'quest', occurrence],
      [15, 'quest', occurrence],
    ]);
  });

  it('when the same completion arrives again (same id, and again after the duplicate window), then the XP is added once', async () => {
    const { q, occurrences, xpOf } = await setUp();
    const completed = q.occurrence('quests.completed', occurrences[0] as string);
    await publish(completed, completed);
    await redeliver(completed);
    await redeliver(completed);
    await eventually(xpOf, (xp) => xp === 30);
    await settle();
    expect(await xpOf()).toBe(30);
  });

  it('when an undo arrives before the completion it undoes (late delivery), then the goal ends as the newest event says', async () => {
    const { me, goal, q, occurrences, xpOf } = await setUp();
    const [a, b] = occurrences as [string, string];
    // a: completed at +1h, revoked at +2h, delivered revoke first -> not completed.
    await publish(
      q.occurrence('quests.revoked', a, hour(2)),
      q.occurrence('quests.completed', a, hour(1)),
    );
    // b: revoked at +1h, completed at +2h, delivered completion first -> completed.
    await publish(
      q.occurrence('quests.completed', b, hour(2)),
      q.occurrence('quests.revoked', b, hour(1)),
    );
    await eventually(xpOf, (xp) => xp === 30);
    await settle();
    expect(await xpOf()).toBe(30);
    const stars = (await journeyOf(me, goal.id)).linkedSeries[0]?.occurrences ?? [];
    expect(
      stars
        .filter((o) => o.id === a || o.id === b)
        .map((o) => [o.id, o.isCompleted, o.xpContributed]),
    ).toEqual([
      [a, false, 0],
      [b, true, 30],
    ]);
  });

  it('when a completion arrives before its occurrence is scheduled, then it still counts and the star appears once scheduled', async () => {
    const userId = randomUUID();
    const me = service.as(userId);
    const q = questEvents(userId);
    const { body: goal } = await me('POST', '/api/goals', { title: 'Out of order' });
    // A series is linked once known; its occurrence's completion then comes before its scheduling.
    await publish(q.series('quests.series_created'));
    await linkWhenKnown(me, goal.id, q.seriesId, 12);
    const occurrence = randomUUID();
    await publish(q.occurrence('quests.completed', occurrence, hour(1)));
    await publish(q.scheduled(occurrence, '2026-11-25'));
    const journey = await eventually(
      () => journeyOf(me, goal.id),
      (j) => j.linkedSeries[0]?.occurrences.length === 1 && j.linkedSeries[0]?.title !== '',
    );
    expect(journey.linkedSeries[0]).toMatchObject({
      title: 'Morning run',
      occurrences: [
        { id: occurrence, scheduledFor: '2026-11-25', isCompleted: true, xpContributed: 12 },
      ],
    });
    expect((await me('GET', '/api/goals')).body[0].currentXp).toBe(12);
  });

  it('when an occurrence was completed before the series was linked, then its star is filled but it gives the goal nothing', async () => {
    const { me, goal, q, occurrences, xpOf } = await setUp({ link: false });
    await publish(q.occurrence('quests.completed', occurrences[0] as string, hour(-2)));
    await eventually(
      async () =>
        service.deps.db
          .collection('quest_occurrence_views')
          .findOne({ _id: occurrences[0] as never }),
      (doc) => doc?.completionType === 'completed',
    );
    await linkWhenKnown(me, goal.id, q.seriesId, 30);
    await settle();
    expect(await xpOf()).toBe(0);
    expect((await journeyOf(me, goal.id)).linkedSeries[0]?.occurrences[0]).toMatchObject({
      isCompleted: true,
      xpContributed: 0,
    });
  });

  it('when linked occurrences reach the target, then the goal completes and publishes goals.completed; an undo makes it active again', async () => {
    const { me, goal, q, occurrences, xpOf } = await setUp({ targetXp: 60, xpPerOccurrence: 30 });
    await publish(
      q.occurrence('quests.completed', occurrences[0] as string),
      q.occurrence('quests.completed', occurrences[1] as string),
    );
    await eventually(xpOf, (xp) => xp === 60);
    expect((await me('GET', '/api/goals')).body[0]).toMatchObject({ status: 'completed' });
    await publish(q.occurrence('quests.revoked', occurrences[1] as string));
    await eventually(xpOf, (xp) => xp === 30);
    expect((await me('GET', '/api/goals')).body[0]).toMatchObject({
      status: 'active',
      completedAt: null,
    });
    const states = await eventually(
      async () =>
        listener.events
          .filter((e) => e.data.goalId === goal.id && e.type !== 'goals.progressed')
          .map((e) => [e.type, e.data.status]),
      (list) => list.length >= 4,
    );
    expect(states).toEqual([
      ['goals.created', 'active'],
      ['goals.changed', 'active'],
      ['goals.completed', 'completed'],
      ['goals.changed', 'active'],
    ]);
  });

  it('when one series is linked to two goals, then a completion moves both', async () => {
    const { me, q, occurrences, xpOf } = await setUp({ xpPerOccurrence: 30 });
    const { body: second } = await me('POST', '/api/goals', { title: 'Second goal' });
    await linkWhenKnown(me, second.id, q.seriesId, 5);
    await publish(q.occurrence('quests.completed', occurrences[2] as string));
    await eventually(xpOf, (xp) => xp === 30);
    const secondXp = await eventually(
      async () =>
        (await me('GET', '/api/goals')).body.find((g: { id: string }) => g.id === second.id)
          .currentXp,
      (xp) => xp === 5,
    );
    expect(secondXp).toBe(5);
  });

  it('when the goal was deleted, then later completions of its series change nothing and fail nothing', async () => {
    const { me, goal, q, occurrences } = await setUp();
    await me('DELETE', `/api/goals/${goal.id}`);
    await publish(q.occurrence('quests.completed', occurrences[0] as string));
    await settle();
    const { Goal } = await import('../src/goals/models.ts').then((m) => ({
      Goal: m.goalModel(service.deps.db),
    }));
    const stored = await Goal.findById(goal.id).lean();
    expect(stored?.currentXp).toBe(0);
    expect((await me('GET', `/api/goals/${goal.id}/series`)).status).toBe(404);
  });
});
