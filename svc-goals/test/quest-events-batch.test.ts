import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@levelup/contracts';
import { questViewModels } from '../src/quest-views/models.ts';
import { questEventsBatchHandler, questEventsHandler } from '../src/quest-views/quest-events.ts';
import { questViews } from '../src/quest-views/quest-views.ts';
import { talentModels } from '../src/talent-tree/models.ts';
import { talentTreeService } from '../src/talent-tree/talent-tree.service.ts';
import { questEvents, startGoals, type GoalsHarness } from './harness.ts';

let goals: GoalsHarness;
beforeAll(async () => {
  goals = await startGoals();
});
afterAll(async () => {
  await goals.stop();
});

const deps = () => ({
  views: questViews(questViewModels(goals.deps.db)),
  talents: talentTreeService(talentModels(goals.deps.db)),
});

/** A user's day of events, with stream positions in the order given. */
function day(userId: string) {
  const { series, scheduled, completion, occurrence } = questEvents(userId);
  const at = (seconds: number) => new Date(Date.parse('2026-11-22T08:00:00Z') + seconds * 1000);
  const [a, b] = [randomUUID(), randomUUID()];
  const occurrenceId = randomUUID();
  const events: EventEnvelope[] = [
    series('quests.series_created', {}, at(0)),
    scheduled(occurrenceId, '2026-11-22'),
    completion('quests.completed', { questId: a }, at(1)),
    completion('quests.completed', { questId: b }, at(2)),
    completion('quests.revoked', { questId: b }, at(3)),
    occurrence('quests.partial', occurrenceId, at(4)),
    occurrence('quests.completed', occurrenceId, at(5)),
    completion('quests.partial', { questId: b }, at(6)),
  ];
  return events.map((event, i) => ({
    event,
    meta: { subject: event.type, deliveryCount: 1, streamSequence: 1000 + i },
  }));
}

async function stateOf(userId: string) {
  const { TalentCompletion } = talentModels(goals.deps.db);
  const { OccurrenceView, SeriesView } = questViewModels(goals.deps.db);
  const strip = <T extends { _id: unknown; userId?: unknown }>(rows: T[]) =>
    rows.map(({ _id, ...rest }) => ({ ...rest, userId: 'u' })).map((row) => JSON.stringify(row));
  return {
    talents: strip(await TalentCompletion.find({ userId }).select({ itemId: 0 }).lean())
      .sort()
      .join('\n'),
    counted: await TalentCompletion.countDocuments({ userId, counted: true }),
    occurrences: (await OccurrenceView.find({ userId }).lean()).map((o) => o.completionType),
    series: await SeriesView.countDocuments({ userId }),
  };
}

describe('svc-quests events taken as a batch', () => {
  it('when a user’s events come as one batch, then the views and talent counts are what one event at a time gives, and the batch again changes nothing', async () => {
    const [one, batched] = [randomUUID(), randomUUID()];
    const handler = questEventsHandler(deps());
    for (const { event, meta } of day(one)) await handler(event, meta);
    const entries = day(batched);
    await questEventsBatchHandler(deps())(entries);
    await questEventsBatchHandler(deps())(entries);
    const expected = await stateOf(one);
    // At least quest a and the completed occurrence count (the rule is contracts' countsTowardTalents).
    expect(expected).toMatchObject({ occurrences: ['completed'], series: 1 });
    expect(expected.counted).toBeGreaterThanOrEqual(2);
    const actual = await stateOf(batched);
    expect(actual.counted).toBe(expected.counted);
    expect(actual.occurrences).toEqual(expected.occurrences);
    expect(actual.series).toBe(expected.series);
  });

  it('when one batch holds several users’ days interleaved, then each user ends as one event at a time leaves them', async () => {
    const [one, first, second] = [randomUUID(), randomUUID(), randomUUID()];
    const handler = questEventsHandler(deps());
    for (const { event, meta } of day(one)) await handler(event, meta);
    const [a, b] = [day(first), day(second)];
    // As a pull across users delivers them: the two days interleaved, each in its own order.
    const interleaved = a.flatMap((entry, i) => [entry, b[i]!]);
    await questEventsBatchHandler(deps())(interleaved);
    const expected = await stateOf(one);
    for (const userId of [first, second]) {
      const actual = await stateOf(userId);
      expect(actual.counted).toBe(expected.counted);
      expect(actual.occurrences).toEqual(expected.occurrences);
      expect(actual.series).toBe(expected.series);
    }
  });

  it('when a batch holds a stale completion next to a newer one of the same quest, then the newer one wins', async () => {
    const userId = randomUUID();
    const { completion } = questEvents(userId);
    const questId = randomUUID();
    const newer = completion('quests.revoked', { questId }, new Date('2026-11-22T10:00:00Z'));
    const older = completion('quests.completed', { questId }, new Date('2026-11-22T09:00:00Z'));
    await questEventsBatchHandler(deps())([
      { event: newer, meta: { subject: newer.type, deliveryCount: 1, streamSequence: 2 } },
      { event: older, meta: { subject: older.type, deliveryCount: 1, streamSequence: 1 } },
    ]);
    const { TalentCompletion } = talentModels(goals.deps.db);
    expect(await TalentCompletion.findOne({ userId }).lean()).toMatchObject({ counted: false });
  });
});
