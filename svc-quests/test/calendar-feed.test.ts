import { randomBytes, randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedStateSchema } from '@levelup/contracts';
import { signInternal } from '@levelup/service-kit';
import {
  TEST_IDENTITY_SECRET,
  removeTestStreams,
  startTestInfra,
  type TestInfra,
} from '@levelup/service-kit/testing';
import { startCommunity, type CommunityHarness } from '../../svc-community/test/harness.ts';
import { calendarFeedModel } from '../src/calendar-feed/models.ts';
import { hashFeedToken, tokenSealer } from '../src/calendar-feed/tokens.ts';
import { newQuest, startQuests, userInZone, type QuestsHarness } from './harness.ts';

// svc-quests' calendar feed with a real svc-community beside it (its sessions and meetups), on one
// NATS namespace. The clock stands a week before New York's change to summer time (8 March 2026), so
// the feed's range (30 days back, 90 ahead) holds both offsets.

let infra: TestInfra;
let quests: QuestsHarness;
let community: CommunityHarness;
const admin = randomUUID();
const now = new Date('2026-03-01T15:00:00.000Z');

beforeAll(async () => {
  infra = await startTestInfra();
  community = await startCommunity({ infra, clock: () => now, admins: new Set([admin]) });
  quests = await startQuests(infra, { clock: () => now, communityUrl: community.url });
});
afterAll(async () => {
  await quests?.stop();
  await community?.stop();
  if (infra) {
    await removeTestStreams(infra);
    await infra.stop();
  }
});

/** GET of a feed path as the gateway sends it: no session, no user, its own internal signature. */
async function fetchFeed(path: string, signed = true) {
  const headers = signed
    ? signInternal(TEST_IDENTITY_SECRET, { service: 'svc-quests', method: 'GET', path })
    : {};
  const response = await fetch(`${quests.url}${path}`, { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

async function rotate(userId: string): Promise<string> {
  const { status, body } = await quests.as(userId)('POST', '/api/calendar-feed/rotate');
  expect(status).toBe(200);
  return calendarFeedStateSchema.parse(body).feed!.path;
}

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  tzid: string | null;
  /** The start as the user's wall clock ('2026-03-05T09:00:00') or a date for all-day events. */
  local: string;
  /** The start as an instant (ms), resolved through the feed's own VTIMEZONE. */
  instant: number;
  end: number;
  allDay: boolean;
  /** Every CATEGORIES value, as a reader splits and unescapes them. */
  categories: string[];
}

/** Parses a feed with ical.js, resolving every TZID through the VTIMEZONE the feed carries. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = new Map(
    calendar
      .getAllSubcomponents('vtimezone')
      .map((vtz) => [vtz.getFirstPropertyValue('tzid') as string, new ICAL.Timezone(vtz)]),
  );
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const tzid = vevent.getFirstProperty('dtstart')!.getParameter('tzid') as string | undefined;
    if (tzid) {
      const zone = zones.get(tzid);
      if (!zone) throw new Error(`no VTIMEZONE for ${tzid}`);
      event.startDate.zone = zone;
      event.endDate.zone = zone;
    }
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description ?? '',
      tzid: tzid ?? null,
      local: event.startDate.toString(),
      instant: event.startDate.toUnixTime() * 1000,
      end: event.endDate.toUnixTime() * 1000,
      allDay: event.startDate.isDate,
      categories: vevent
        .getAllProperties('categories')
        .flatMap((property) => property.getValues() as string[]),
    };
  });
  return { calendar, events };
}

/** The content lines of one event as written, unfolded (a continuation's CRLF and space removed). */
function rawLinesOf(text: string, uid: string): string[] {
  const lines = text.replace(/\r\n /g, '').split('\r\n');
  const start = lines.indexOf(`UID:${uid}`);
  expect(start).toBeGreaterThan(0);
  return lines.slice(start, lines.indexOf('END:VEVENT', start));
}

describe('calendar feed', () => {
  it('a New York user: scheduled quests either side of the change to summer time at 9:00 local, a due-only quest all day, series occurrences, the sessions they host or joined and the meetups they go to; nothing of anyone else', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'America/New_York');
    const me = quests.as(userId);
    const winter = await me(
      'POST',
      '/api/quests',
      newQuest({
        title: 'Call the bank, ask about fees; then file \\ the form',
        description: 'Bring:\n- account number\n- ID',
        scheduledTime: '2026-03-05T14:00:00.000Z',
        timeEstimate: '45 min',
      }),
    );
    expect(winter.status).toBe(201);
    const summer = await me(
      'POST',
      '/api/quests',
      newQuest({ title: 'Dentist', scheduledTime: '2026-03-10T13:00:00.000Z' }),
    );
    expect(summer.status).toBe(201);
    await me(
      'POST',
      '/api/quests',
      newQuest({ title: 'Tax return', dueDate: '2026-03-20T03:59:59.999Z' }),
    );
    // Outside the range (more than 90 days ahead), and deleted: neither is in the feed.
    await me(
      'POST',
      '/api/quests',
      newQuest({ title: 'Far away', scheduledTime: '2026-09-01T13:00:00.000Z' }),
    );
    const gone = await me(
      'POST',
      '/api/quests',
      newQuest({ title: 'Deleted one', scheduledTime: '2026-03-06T13:00:00.000Z' }),
    );
    expect((await me('DELETE', `/api/quests/${gone.body.id}`)).status).toBe(204);
    const series = await me('POST', '/api/quests/recurring', {
      title: 'Water the plants',
      description: 'All of them',
      difficulty: 'easy',
      recurrenceType: 'weekly',
      weeklyPattern: [1],
    });
    expect(series.status).toBe(201);

    const inCommunity = community.as(userId);
    const hosted = await inCommunity('POST', '/api/sessions', {
      title: 'Inbox zero',
      description: 'Cameras optional',
      startTime: '2026-03-12T23:00:00.000Z',
      duration: 60,
      maxParticipants: 5,
      category: 'focus',
    });
    expect(hosted.status).toBe(201);
    const host = await community.member('Hana Host');
    const joined = await community.as(host)('POST', '/api/sessions', {
      title: 'Study hall',
      startTime: '2026-03-03T14:00:00.000Z',
      duration: 90,
      maxParticipants: 5,
      category: 'study',
    });
    expect((await inCommunity('POST', `/api/sessions/${joined.body.id}/join`)).status).toBe(200);
    const notJoined = await community.as(host)('POST', '/api/sessions', {
      title: 'Not for me',
      startTime: '2026-03-04T14:00:00.000Z',
      duration: 30,
      maxParticipants: 5,
      category: 'study',
    });
    expect(notJoined.status).toBe(201);
    const cancelled = await inCommunity('POST', '/api/sessions', {
      title: 'Cancelled one',
      startTime: '2026-03-05T20:00:00.000Z',
      duration: 30,
      maxParticipants: 5,
      category: 'organizing',
    });
    expect((await inCommunity('POST', `/api/sessions/${cancelled.body.id}/cancel`)).status).toBe(
      200,
    );
    const meetup = await community.as(admin)('POST', '/api/meetups', {
      title: 'Weekly check-in',
      theme: 'Small wins',
      startsAt: '2026-03-11T00:00:00.000Z',
      platform: 'Zoom',
      type: 'check-in',
    });
    expect(meetup.status).toBe(201);
    expect((await inCommunity('POST', `/api/meetups/${meetup.body.id}/rsvp`)).status).toBe(200);
    await community.as(admin)('POST', '/api/meetups', {
      title: 'Not going',
      theme: 'Other',
      startsAt: '2026-03-12T00:00:00.000Z',
      platform: 'Discord',
      type: 'social',
    });

    const path = await rotate(userId);
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{64}\.ics$/);
    const feed = await fetchFeed(path);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    const { calendar, events } = parseFeed(feed.text);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/New_York');
    const bySummary = new Map(events.map((event) => [event.summary, event]));

    const bank = bySummary.get('Call the bank, ask about fees; then file \\ the form')!;
    expect(bank.tzid).toBe('America/New_York');
    expect(bank.local).toBe('2026-03-05T09:00:00');
    expect(bank.instant).toBe(Date.parse('2026-03-05T14:00:00Z'));
    expect(bank.end - bank.instant).toBe(45 * 60_000);
    expect(bank.description).toContain('Bring:\n- account number\n- ID');
    expect(bank.uid).toBe(`quest-${winter.body.id}@levelup`);
    const dentist = bySummary.get('Dentist')!;
    expect(dentist.local).toBe('2026-03-10T09:00:00');
    expect(dentist.instant).toBe(Date.parse('2026-03-10T13:00:00Z'));
    const tax = bySummary.get('Tax return')!;
    expect(tax.allDay).toBe(true);
    expect(tax.local).toBe('2026-03-19');

    const plants = events.filter((event) => event.summary === 'Water the plants');
    // Mondays from today (1 March) to 90 days ahead (30 May): 2 March ... 25 May.
    expect(plants.map((event) => event.local)).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
      '2026-04-06',
      '2026-04-13',
      '2026-04-20',
      '2026-04-27',
      '2026-05-04',
      '2026-05-11',
      '2026-05-18',
      '2026-05-25',
    ]);
    expect(plants.every((event) => event.allDay)).toBe(true);
    expect(plants[0]!.uid).toBe(`occurrence-${series.body.id}-20260302@levelup`);

    const inbox = bySummary.get('Body doubling: Inbox zero')!;
    expect(inbox.local).toBe('2026-03-12T19:00:00');
    expect(inbox.end - inbox.instant).toBe(60 * 60_000);
    expect(inbox.description).toContain('You host this session.');
    const study = bySummary.get('Body doubling: Study hall')!;
    expect(study.local).toBe('2026-03-03T09:00:00');
    expect(study.description).toContain('Hosted by Hana Host.');
    const checkIn = bySummary.get('Weekly check-in')!;
    expect(checkIn.local).toBe('2026-03-10T20:00:00');
    expect(checkIn.description).toContain('On Zoom.');

    for (const absent of [
      'Far away',
      'Deleted one',
      'Body doubling: Not for me',
      'Body doubling: Cancelled one',
      'Not going',
    ])
      expect(bySummary.has(absent)).toBe(false);
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);

    // The wire format: CRLF only, no line over 75 octets, DTSTAMP on every event.
    expect(feed.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of feed.text.split('\r\n'))
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(feed.text.match(/^DTSTAMP:/gm)?.length).toBe(events.length);

    // The same feed again: the same UIDs (calendar apps update in place).
    const again = parseFeed((await fetchFeed(path)).text);
    expect(again.events.map((event) => event.uid)).toEqual(events.map((event) => event.uid));
  });

  it("today's done occurrences stay in the feed after Clear Completed, and a hidden open one stays too", async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'America/New_York');
    const me = quests.as(userId);
    const done = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ title: 'Stretch', recurrenceType: 'daily' }),
    );
    const open = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ title: 'Journal', recurrenceType: 'daily' }),
    );
    await me('POST', `/api/quests/occurrences/${done.body.todaysOccurrence.id}/complete`);
    expect((await me('POST', '/api/quests/clear-completed')).body).toEqual({ clearedCount: 1 });
    await me('POST', `/api/quests/occurrences/${open.body.todaysOccurrence.id}/hide`);
    const feed = await fetchFeed(await rotate(userId));
    const today = parseFeed(feed.text).events.filter((event) => event.local === '2026-03-01');
    expect(today.map((event) => event.summary).sort()).toEqual(['Journal', '✓ Stretch']);
  });

  it('a Kolkata user: times at +05:30 all year, with a VTIMEZONE that has no daylight time', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'Asia/Kolkata');
    await quests.as(userId)(
      'POST',
      '/api/quests',
      newQuest({ title: 'Yoga', scheduledTime: '2026-04-15T01:00:00.000Z' }),
    );
    const feed = await fetchFeed(await rotate(userId));
    expect(feed.status).toBe(200);
    expect(feed.text).not.toContain('BEGIN:DAYLIGHT');
    const yoga = parseFeed(feed.text).events.find((event) => event.summary === 'Yoga')!;
    expect(yoga.tzid).toBe('Asia/Kolkata');
    expect(yoga.local).toBe('2026-04-15T06:30:00');
    expect(yoga.instant).toBe(Date.parse('2026-04-15T01:00:00Z'));
  });

  it('no feed until asked; a rotation answers the new link, the old one is 404 at once and the new one works', async () => {
    const userId = randomUUID();
    const me = quests.as(userId);
    expect((await me('GET', '/api/calendar-feed')).body).toEqual({ feed: null });
    const first = await rotate(userId);
    const shown = calendarFeedStateSchema.parse((await me('GET', '/api/calendar-feed')).body);
    expect(shown.feed!.path).toBe(first);
    expect((await fetchFeed(first)).status).toBe(200);

    const second = await rotate(userId);
    expect(second).not.toBe(first);
    const old = await fetchFeed(first);
    expect(old.status).toBe(404);
    expect(JSON.parse(old.text).error.code).toBe('NOT_FOUND');
    expect((await fetchFeed(second)).status).toBe(200);
    expect(
      calendarFeedStateSchema.parse((await me('GET', '/api/calendar-feed')).body).feed!.path,
    ).toBe(second);
  });

  it('the feed needs no session or user, but only the gateway may ask for it (its internal signature)', async () => {
    const path = await rotate(randomUUID());
    const unsigned = await fetchFeed(path, false);
    expect(unsigned.status).toBe(401);
    expect((await fetchFeed(path)).status).toBe(200);
  });

  it('a malformed, an unknown and an almost-right token are the same 404', async () => {
    // Tokens are looked up by their hash and compared in constant time, so the answer tells nothing
    // about how close a guess was; timing is not asserted here (tests carry no timing assertions).
    const path = await rotate(randomUUID());
    const token = path.slice('/api/calendar/'.length, -'.ics'.length);
    const nearMiss = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const bodies = new Set<string>();
    for (const guess of ['not-a-token', randomBytes(32).toString('base64url'), nearMiss]) {
      const answer = await fetchFeed(`/api/calendar/${guess}.ics`);
      expect(answer.status).toBe(404);
      bodies.add(answer.text);
    }
    expect(bodies.size).toBe(1);
  });

  it('a link from before links carried a tag (43 characters) still opens its feed', async () => {
    const userId = randomUUID();
    const legacy = randomBytes(32).toString('base64url');
    await calendarFeedModel(quests.deps.db).create({
      _id: userId,
      tokenHash: hashFeedToken(legacy),
      tokenSealed: tokenSealer(TEST_IDENTITY_SECRET).seal(legacy),
      createdAt: now,
    });
    const feed = await fetchFeed(`/api/calendar/${legacy}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('BEGIN:VCALENDAR');
    const shown = calendarFeedStateSchema.parse(
      (await quests.as(userId)('GET', '/api/calendar-feed')).body,
    );
    expect(shown.feed!.path).toBe(`/api/calendar/${legacy}.ics`);
  });

  it('a measurable routine: every day says its target, and the day with an amount says how far it got', async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'America/New_York');
    const me = quests.as(userId);
    const series = await me('POST', '/api/quests/recurring', {
      ...newQuest({ title: 'Read' }),
      recurrenceType: 'daily',
      measure: { rule: 'at_least', target: 20, unit: 'pages' },
    });
    expect(series.status).toBe(201);
    const today = series.body.todaysOccurrence.id;
    expect(
      (await me('PUT', `/api/quests/occurrences/${today}/amount`, { amount: 12 })).status,
    ).toBe(200);

    const { events } = parseFeed((await fetchFeed(await rotate(userId))).text);
    const dayOf = (date: string) =>
      events.find((event) => event.uid === `occurrence-${series.body.id}-${date}@levelup`)!;
    expect(dayOf('20260301').description).toContain(
      'Target: At least 20 pages a day\nLogged: 12 / 20 pages',
    );
    expect(dayOf('20260302').description).toContain('Target: At least 20 pages a day');
    expect(dayOf('20260302').description).not.toContain('Logged:');
  });

  it("a per-week target: the day says the week's total so far", async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'America/New_York');
    const me = quests.as(userId);
    const series = await me('POST', '/api/quests/recurring', {
      ...newQuest({ title: 'Run' }),
      recurrenceType: 'daily',
      startDate: '2026-02-20T12:00:00.000Z',
      measure: { rule: 'at_least', target: 100, unit: 'km', period: 'week' },
    });
    expect(series.status).toBe(201);
    const enter = (date: string, amount: number) =>
      me('PUT', `/api/quests/recurring/${series.body.id}/days/${date}/amount`, { amount });
    expect((await enter('2026-02-28', 30)).status).toBe(200);
    expect((await enter('2026-03-01', 12)).status).toBe(200);

    const { events } = parseFeed((await fetchFeed(await rotate(userId))).text);
    const dayOf = (date: string) =>
      events.find((event) => event.uid === `occurrence-${series.body.id}-${date}@levelup`)!;
    expect(dayOf('20260301').description).toContain(
      'Target: At least 100 km a week\nLogged: 42 / 100 km this week',
    );
  });

  it("a quest with 3 of its 5 steps ticked says so in the card's words; one without steps says nothing of steps", async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'America/New_York');
    const me = quests.as(userId);
    const kitchen = await me(
      'POST',
      '/api/quests',
      newQuest({
        title: 'Clean the kitchen',
        dueDate: '2026-03-04T04:59:59.999Z',
        checklist: ['Dishes', 'Counters', 'Floor', 'Fridge', 'Bins'].map((text) => ({ text })),
      }),
    );
    expect(kitchen.status).toBe(201);
    for (const step of kitchen.body.checklist.slice(0, 3))
      expect(
        (await me('PUT', `/api/quests/${kitchen.body.id}/checklist/${step.id}`, { done: true }))
          .status,
      ).toBe(200);
    await me(
      'POST',
      '/api/quests',
      newQuest({ title: 'Plain', dueDate: '2026-03-04T04:59:59.999Z' }),
    );

    const { events } = parseFeed((await fetchFeed(await rotate(userId))).text);
    const bySummary = new Map(events.map((event) => [event.summary, event]));
    expect(bySummary.get('Clean the kitchen')!.description).toContain('Checklist: 3/5 steps');
    expect(bySummary.get('Plain')!.description).not.toContain('Checklist');
  });

  it("a routine's days each say how far their own steps got", async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'America/New_York');
    const me = quests.as(userId);
    const series = await me('POST', '/api/quests/recurring', {
      ...newQuest({ title: 'Workout' }),
      recurrenceType: 'daily',
      checklist: [{ text: 'Stretch' }, { text: 'Push-ups' }],
    });
    expect(series.status).toBe(201);
    const today = series.body.todaysOccurrence;
    expect(
      (
        await me('PUT', `/api/quests/occurrences/${today.id}/checklist/${today.checklist[0].id}`, {
          done: true,
        })
      ).status,
    ).toBe(200);

    const { events } = parseFeed((await fetchFeed(await rotate(userId))).text);
    const dayOf = (date: string) =>
      events.find((event) => event.uid === `occurrence-${series.body.id}-${date}@levelup`)!;
    expect(dayOf('20260301').description).toContain('Checklist: 1/2 steps');
    expect(dayOf('20260302').description).toContain('Checklist: 0/2 steps');
  });

  it("tags are CATEGORIES after the kind of item, each escaped (a comma inside a tag is \\,), a routine's on each of its days; an untagged quest carries only its kind", async () => {
    const userId = randomUUID();
    await userInZone(quests, userId, 'America/New_York');
    const me = quests.as(userId);
    const tagged = await me(
      'POST',
      '/api/quests',
      newQuest({
        title: 'Tagged',
        scheduledTime: '2026-03-05T14:00:00.000Z',
        tags: ['books, fiction', 'work; deep', 'back\\slash'],
      }),
    );
    expect(tagged.status).toBe(201);
    const untagged = await me(
      'POST',
      '/api/quests',
      newQuest({ title: 'Untagged', scheduledTime: '2026-03-06T14:00:00.000Z' }),
    );
    const series = await me('POST', '/api/quests/recurring', {
      ...newQuest({ title: 'Stretch' }),
      recurrenceType: 'daily',
      tags: ['health, body'],
    });
    expect(series.status).toBe(201);

    const { text } = await fetchFeed(await rotate(userId));
    expect(rawLinesOf(text, `quest-${tagged.body.id}@levelup`)).toContain(
      'CATEGORIES:Quest,books\\, fiction,work\\; deep,back\\\\slash',
    );
    expect(
      rawLinesOf(text, `quest-${untagged.body.id}@levelup`).filter((line) =>
        line.startsWith('CATEGORIES'),
      ),
    ).toEqual(['CATEGORIES:Quest']);
    const { events } = parseFeed(text);
    const bySummary = new Map(events.map((event) => [event.summary, event]));
    expect(bySummary.get('Tagged')!.categories).toEqual([
      'Quest',
      'books, fiction',
      'work; deep',
      'back\\slash',
    ]);
    const days = events.filter((event) => event.summary === 'Stretch');
    expect(days.length).toBeGreaterThan(1);
    for (const day of days) expect(day.categories).toEqual(['Recurring quest', 'health, body']);
  });
});
