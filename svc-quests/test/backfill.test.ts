import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BACKFILL_NOT_SCHEDULED,
  BACKFILL_RULE,
  QUEST_XP_EVENT_TYPES,
  dayActivityResponseSchema,
  type EventEnvelope,
} from '@levelup/contracts';
import {
  eventually,
  removeTestStreams,
  startTestInfra,
  type TestInfra,
} from '@levelup/service-kit/testing';
// svc-identity runs beside svc-quests, as in production: quests publishes, identity applies the XP.
import {
  client,
  newUser,
  startIdentity,
  type IdentityHarness,
} from '../../svc-identity/test/harness.ts';
import { questsModels } from '../src/quests/models.ts';
import { listenToQuestEvents, newQuest, startQuests, type QuestsHarness } from './harness.ts';

let infra: TestInfra;
let identity: IdentityHarness;
let quests: QuestsHarness;
let listener: Awaited<ReturnType<typeof listenToQuestEvents>>;
// Saturday 21 November 2026, 11:00 in Berlin (the users' zone).
const TODAY = '2026-11-21';
const YESTERDAY = '2026-11-20';
const TODAY_NOW = new Date('2026-11-21T10:00:00.000Z');
let now = TODAY_NOW;

beforeAll(async () => {
  infra = await startTestInfra();
  identity = await startIdentity(infra);
  quests = await startQuests(infra, { clock: () => now });
  listener = await listenToQuestEvents(quests, 'backfill-listener');
});
// A test that moves the clock leaves it at today for the next one, even when it fails.
beforeEach(() => {
  now = TODAY_NOW;
});
afterAll(async () => {
  await listener?.stop();
  await quests?.stop();
  await identity?.stop();
  await removeTestStreams(infra);
  await infra.stop();
});

/** A signed-up user whose zone (Europe/Berlin) reached svc-quests. */
async function signUp(): Promise<string> {
  const { status, body } = await client(identity.url).request(
    'POST',
    '/api/auth/register',
    newUser(),
  );
  expect(status).toBe(201);
  const { UserZone } = questsModels(quests.deps.db);
  await eventually(
    () => UserZone.findById(body.id).lean(),
    (zone) => zone?.timeZone === 'Europe/Berlin',
  );
  return body.id;
}

async function xpOf(userId: string): Promise<number> {
  return (await identity.as(userId)('GET', '/api/user/profile')).body.xp;
}

/** Waits for svc-identity's XP to reach `expected`, then watches a little longer for a double count. */
async function settledXp(userId: string, expected: number): Promise<number> {
  await eventually(
    () => xpOf(userId),
    (xp) => xp === expected,
    15_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 750));
  return xpOf(userId);
}

const xpEventsOf = (userId: string): EventEnvelope[] =>
  listener.events.filter(
    (e) => e.data.userId === userId && (QUEST_XP_EVENT_TYPES as readonly string[]).includes(e.type),
  );

/** A user with a daily series that started `daysAgo` days before today. */
async function dailySeries(daysAgo: number, fields: Record<string, unknown> = {}) {
  const userId = await signUp();
  const me = quests.as(userId);
  const start = new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  const { status, body: series } = await me(
    'POST',
    '/api/quests/recurring',
    newQuest({ recurrenceType: 'daily', difficulty: 'medium', startDate: start, ...fields }),
  );
  expect(status).toBe(201);
  return { userId, me, series };
}

const fill = (seriesId: string, date: string) =>
  `/api/quests/recurring/${seriesId}/days/${date}` as const;

describe('PUT /api/quests/recurring/{id}/days/{date}', () => {
  it("when yesterday's missed daily is filled in, then it is completed on yesterday, its event carries yesterday and svc-identity awards the XP once", async () => {
    const { userId, me, series } = await dailySeries(3);
    const { status, body } = await me('PUT', fill(series.id, YESTERDAY), {
      completionType: 'completed',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ scheduledFor: YESTERDAY, isCompleted: true, xpDelta: 50 });
    expect(await settledXp(userId, 50)).toBe(50);
    const events = xpEventsOf(userId);
    expect(events.map((e) => [e.type, e.data.localDate, e.data.occurrenceId])).toEqual([
      ['quests.completed', YESTERDAY, body.id],
    ]);
    const history = (await identity.as(userId)('GET', '/api/user/xp-history')).body.entries;
    expect(history.map((row: { localDate: string }) => row.localDate)).toEqual([YESTERDAY]);
    const calendar = (await me('GET', '/api/dashboard/calendar?month=2026-11')).body;
    expect(calendar[YESTERDAY]).toMatchObject({ questsCompleted: 1 });
    expect(calendar[TODAY]).toBeUndefined();
    // Today's occurrence is untouched.
    const recurring = (await me('GET', '/api/quests/recurring')).body[0];
    expect(recurring.todaysOccurrence.isCompleted).toBe(false);
  });

  it('when ten back-fills of the same day race, then one completes it and the XP is awarded once', async () => {
    const { userId, me, series } = await dailySeries(3);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        me('PUT', fill(series.id, '2026-11-19'), { completionType: 'completed' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.map((r) => r.body.xpDelta).sort((a, b) => b - a)).toEqual([
      50,
      ...Array(9).fill(0),
    ]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const day = (await me('GET', '/api/quests/occurrences?startDate=2026-11-19')).body;
    expect(day).toHaveLength(1);
    expect(await settledXp(userId, 50)).toBe(50);
    expect(xpEventsOf(userId)).toHaveLength(1);
  });

  it('when a back-fill is undone, then the XP is taken back once and the day is not completed again', async () => {
    const { userId, me, series } = await dailySeries(3);
    const { body } = await me('PUT', fill(series.id, YESTERDAY), { completionType: 'completed' });
    expect(await settledXp(userId, 50)).toBe(50);
    const undo = `/api/quests/completions/${body.completionEventId}/undo`;
    const [first, second] = await Promise.all([me('POST', undo), me('POST', undo)]);
    expect([first.body.xpDelta, second.body.xpDelta].sort()).toEqual([-50, 0]);
    expect(await settledXp(userId, 0)).toBe(0);
    expect(xpEventsOf(userId).map((e) => e.type)).toEqual(['quests.completed', 'quests.revoked']);
    const calendar = (await me('GET', '/api/dashboard/calendar?month=2026-11')).body;
    expect(calendar[YESTERDAY]).toBeUndefined();
  });

  it("when a back-fill is moved to Kinda Sorta and then Didn't Complete, then each move counts on that day and XP ends at 0", async () => {
    const { userId, me, series } = await dailySeries(3);
    const partial = await me('PUT', fill(series.id, YESTERDAY), { completionType: 'partial' });
    expect(partial.body).toMatchObject({ completionType: 'partial', xpDelta: 25 });
    const none = await me('PUT', fill(series.id, YESTERDAY), { completionType: 'not_completed' });
    expect(none.body).toMatchObject({ completionType: 'not_completed', xpDelta: -25 });
    expect(await settledXp(userId, 0)).toBe(0);
    expect(xpEventsOf(userId).map((e) => [e.type, e.data.localDate])).toEqual([
      ['quests.partial', YESTERDAY],
      ['quests.revoked', YESTERDAY],
    ]);
  });

  it('when the day is 8 days back or tomorrow, then it is a 409 naming the rule and nothing changes', async () => {
    const { userId, me, series } = await dailySeries(20);
    for (const date of ['2026-11-13', '2026-11-22']) {
      const { status, body } = await me('PUT', fill(series.id, date), {
        completionType: 'completed',
      });
      expect(status).toBe(409);
      expect(body.error.message).toBe(BACKFILL_RULE);
    }
    // Day 7 is the last one that can be filled in.
    const seventh = await me('PUT', fill(series.id, '2026-11-14'), { completionType: 'completed' });
    expect(seventh.status).toBe(200);
    expect(await settledXp(userId, 50)).toBe(50);
    expect(xpEventsOf(userId).map((e) => e.data.localDate)).toEqual(['2026-11-14']);
  });

  it('when the series does not recur that day or had not started, then it is a 409 and no occurrence is made', async () => {
    // Mondays only (weekday 1); 2026-11-20 is a Friday, 2026-11-16 a Monday.
    const { userId, me, series } = await dailySeries(10, {
      recurrenceType: 'weekly',
      weeklyPattern: [1],
    });
    const friday = await me('PUT', fill(series.id, YESTERDAY), { completionType: 'completed' });
    expect(friday.status).toBe(409);
    expect(friday.body.error.message).toBe(BACKFILL_NOT_SCHEDULED);
    const monday = await me('PUT', fill(series.id, '2026-11-16'), { completionType: 'completed' });
    expect(monday.status).toBe(200);

    const late = await dailySeries(1);
    const before = await late.me('PUT', fill(late.series.id, '2026-11-19'), {
      completionType: 'completed',
    });
    expect(before.status).toBe(409);
    expect(before.body.error.message).toBe(BACKFILL_NOT_SCHEDULED);
    const occurrences = (
      await late.me('GET', '/api/quests/occurrences?startDate=2026-11-19&endDate=2026-11-19')
    ).body;
    expect(occurrences).toEqual([]);
    expect(xpEventsOf(late.userId)).toEqual([]);
    expect(await settledXp(userId, 50)).toBe(50);
  });

  it('when the series was paused that day, then the day cannot be filled in, and a day it ran can', async () => {
    const { userId, me, series } = await dailySeries(10);
    // Paused on the 16th (from the 17th), resumed on the 20th (running again from the 20th).
    now = new Date('2026-11-16T10:00:00.000Z');
    expect((await me('POST', `/api/quests/recurring/${series.id}/pause`)).status).toBe(200);
    now = new Date('2026-11-20T10:00:00.000Z');
    expect((await me('POST', `/api/quests/recurring/${series.id}/resume`)).status).toBe(200);
    now = TODAY_NOW;
    const paused = await me('PUT', fill(series.id, '2026-11-18'), { completionType: 'completed' });
    expect(paused.status).toBe(409);
    expect(paused.body.error.message).toBe(BACKFILL_NOT_SCHEDULED);
    for (const date of ['2026-11-16', YESTERDAY]) {
      const ran = await me('PUT', fill(series.id, date), { completionType: 'completed' });
      expect(ran.status).toBe(200);
    }
    expect(await settledXp(userId, 100)).toBe(100);
  });

  it("when the date is not a date or the series is someone else's, then 400 and 404", async () => {
    const { me, series } = await dailySeries(3);
    const bad = await me('PUT', `/api/quests/recurring/${series.id}/days/yesterday`, {
      completionType: 'completed',
    });
    expect(bad.status).toBe(400);
    const kinda = await me('PUT', fill(series.id, YESTERDAY), { completionType: 'kinda' });
    expect(kinda.status).toBe(400);
    const other = await quests.as(await signUp())('PUT', fill(series.id, YESTERDAY), {
      completionType: 'completed',
    });
    expect(other.status).toBe(404);
  });
});

describe('PUT /api/quests/{id}/days/{date} and GET /api/quests/days/{date}', () => {
  it("when a one-time quest due yesterday is filled in, then it counts on yesterday and yesterday's detail lists it with the routine", async () => {
    const { userId, me, series } = await dailySeries(3);
    const { body: quest } = await me(
      'POST',
      '/api/quests',
      newQuest({ difficulty: 'easy', dueDate: '2026-11-20T18:00:00.000Z' }),
    );
    // Due at the last moment of yesterday in Berlin: not done, it belongs to yesterday too.
    const { body: lastMinute } = await me(
      'POST',
      '/api/quests',
      newQuest({ dueDate: '2026-11-20T22:59:59.999Z' }),
    );
    // Due at today's first moment in Berlin: today's, not yesterday's.
    const { body: dueToday } = await me(
      'POST',
      '/api/quests',
      newQuest({ dueDate: '2026-11-20T23:00:00.000Z' }),
    );
    const done = await me('PUT', `/api/quests/${quest.id}/days/${YESTERDAY}`, {
      completionType: 'completed',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ isCompleted: true, xpDelta: 20 });
    expect(await settledXp(userId, 20)).toBe(20);
    expect(xpEventsOf(userId).map((e) => [e.data.questId, e.data.localDate])).toEqual([
      [quest.id, YESTERDAY],
    ]);
    const { status, body } = await me('GET', `/api/quests/days/${YESTERDAY}`);
    expect(status).toBe(200);
    const day = dayActivityResponseSchema.parse(body);
    expect(day.canFillIn).toBe(true);
    expect(day.quests.map((q) => q.id)).toEqual([quest.id, lastMinute.id]);
    expect(day.occurrences.map((o) => [o.seriesId, o.scheduledFor])).toEqual([
      [series.id, YESTERDAY],
    ]);
    const today = dayActivityResponseSchema.parse(
      (await me('GET', `/api/quests/days/${TODAY}`)).body,
    );
    expect(today.quests.map((q) => q.id)).toEqual([dueToday.id]);
    const old = dayActivityResponseSchema.parse(
      (await me('GET', '/api/quests/days/2026-11-10')).body,
    );
    expect(old).toMatchObject({ canFillIn: false, occurrences: [], quests: [] });

    const refused = await me('PUT', `/api/quests/${quest.id}/days/2026-11-13`, {
      completionType: 'not_completed',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(BACKFILL_RULE);
    expect((await me('GET', '/api/quests')).body[0]).toMatchObject({ isCompleted: true });
  });
});
