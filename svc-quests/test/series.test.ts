import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEEKLY_DAYS_REQUIRED_MESSAGE,
  seriesChoiceListResponseSchema,
  seriesListResponseSchema,
  seriesSchema,
} from '@levelup/contracts';
import { eventually } from '@levelup/service-kit/testing';
import {
  listenToQuestEvents,
  newQuest,
  startQuests,
  userInZone,
  type QuestsHarness,
} from './harness.ts';

let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;
// Saturday 2026-11-21 10:00 UTC: Sunday 00:00 in Kiritimati (UTC+14), Friday 23:00 in Pago Pago (UTC-11).
let now = new Date('2026-11-21T10:00:00.000Z');

beforeAll(async () => {
  quests = await startQuests(undefined, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'series-listener');
});
afterAll(async () => {
  await listener.stop();
  await quests.stop();
});

const daily = (overrides: Record<string, unknown> = {}) =>
  newQuest({ recurrenceType: 'daily', ...overrides });

describe('POST /api/quests/recurring', () => {
  it('when a user in UTC+14 creates a daily series, then today is their local day and series_created and its occurrence_scheduled are published', async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    const userId = randomUUID();
    await userInZone(quests, userId, 'Pacific/Kiritimati');
    const { status, body } = await quests.as(userId)('POST', '/api/quests/recurring', daily());
    expect(status).toBe(201);
    const series = seriesSchema.parse(body);
    expect(series).toMatchObject({
      recurrenceType: 'daily',
      recurrenceInterval: 1,
      weeklyPattern: null,
      endDate: null,
      isActive: true,
      yesterdaysOccurrence: null,
    });
    expect(series.todaysOccurrence).toMatchObject({
      scheduledFor: '2026-11-22',
      isCompleted: false,
      completionType: 'not_completed',
      hiddenFromDashboard: false,
      xpReward: 20,
    });
    const events = await eventually(
      async () => listener.events.filter((e) => e.data.seriesId === series.id),
      (list) =>
        list.some((e) => e.type === 'quests.series_created') &&
        list.some((e) => e.type === 'quests.occurrence_scheduled'),
    );
    expect(events.find((e) => e.type === 'quests.series_created')?.data).toMatchObject({
      userId,
      title: series.title,
      recurrenceType: 'daily',
    });
    // Today's occurrence is scheduled on the user's local day, once.
    expect(
      events.filter((e) => e.type === 'quests.occurrence_scheduled').map((e) => e.data),
    ).toEqual([
      expect.objectContaining({
        userId,
        seriesId: series.id,
        occurrenceId: series.todaysOccurrence?.id,
        scheduledFor: '2026-11-22',
        xpReward: 20,
      }),
    ]);
  });

  it('when a user in UTC-11 creates a weekly Friday series at 23:00 on Friday, then today is that Friday', async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    const userId = randomUUID();
    await userInZone(quests, userId, 'Pacific/Pago_Pago');
    const { body } = await quests.as(userId)(
      'POST',
      '/api/quests/recurring',
      daily({ recurrenceType: 'weekly', weeklyPattern: [5, 5, 1] }),
    );
    expect(body.weeklyPattern).toEqual([1, 5]);
    expect(body.todaysOccurrence?.scheduledFor).toBe('2026-11-20');
  });

  it.each([
    [{ recurrenceType: 'weekly', weeklyPattern: [] }, WEEKLY_DAYS_REQUIRED_MESSAGE],
    [{ recurrenceType: 'weekly' }, WEEKLY_DAYS_REQUIRED_MESSAGE],
    [{ recurrenceType: 'weekly', weeklyPattern: [7] }, undefined],
    [{ recurrenceType: 'hourly' }, undefined],
    [{ title: 'ab' }, 'Quest title must be at least 3 characters'],
    [{ description: 'short' }, 'Quest description must be at least 10 characters'],
    [{ recurrenceInterval: 0 }, undefined],
    [
      { startDate: '2026-11-21T10:00:00.000Z', endDate: '2026-11-19T10:00:00.000Z' },
      'endDate must not be before startDate',
    ],
  ])('when the series has %o, then it is a 400 and nothing is created', async (bad, message) => {
    const me = quests.as(randomUUID());
    const { status, body } = await me('POST', '/api/quests/recurring', daily(bad));
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    if (message) expect(body.error.message).toBe(message);
    expect((await me('GET', '/api/quests/recurring')).body).toEqual([]);
    expect((await me('GET', '/api/quests/recurring-series')).body).toEqual([]);
  });
});

describe('GET /api/quests/recurring and /recurring-series', () => {
  it("when the user's day turns, then yesterday's occurrence is the one that was today", async () => {
    now = new Date('2026-11-21T10:00:00.000Z');
    const me = quests.as(randomUUID());
    const { body: created } = await me('POST', '/api/quests/recurring', daily());
    now = new Date('2026-11-22T00:00:00.000Z');
    const { status, body } = await me('GET', '/api/quests/recurring');
    expect(status).toBe(200);
    const [series] = seriesListResponseSchema.parse(body);
    expect(series?.yesterdaysOccurrence?.id).toBe(created.todaysOccurrence.id);
    expect(series?.todaysOccurrence?.scheduledFor).toBe('2026-11-22');
  });

  it('when two users have series, then each sees only their own, as choices too', async () => {
    const ada = quests.as(randomUUID());
    const { body: mine } = await ada('POST', '/api/quests/recurring', daily());
    await quests.as(randomUUID())('POST', '/api/quests/recurring', daily());
    expect(
      (await ada('GET', '/api/quests/recurring')).body.map((s: { id: string }) => s.id),
    ).toEqual([mine.id]);
    const choices = seriesChoiceListResponseSchema.parse(
      (await ada('GET', '/api/quests/recurring-series')).body,
    );
    expect(choices).toEqual([{ id: mine.id, title: mine.title }]);
  });

  it('when Berlin springs forward, then the day still turns at local midnight', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Europe/Berlin');
    const me = quests.as(userId);
    now = new Date('2026-03-27T12:00:00.000Z');
    await me('POST', '/api/quests/recurring', daily());
    now = new Date('2026-03-29T21:59:00.000Z'); // 23:59 CEST on the 23-hour day
    expect((await me('GET', '/api/quests/recurring')).body[0].todaysOccurrence.scheduledFor).toBe(
      '2026-03-29',
    );
    now = new Date('2026-03-29T22:00:00.000Z'); // 00:00 CEST on the 30th
    const [series] = (await me('GET', '/api/quests/recurring')).body;
    expect(series.todaysOccurrence.scheduledFor).toBe('2026-03-30');
    expect(series.yesterdaysOccurrence.scheduledFor).toBe('2026-03-29');
  });
});
