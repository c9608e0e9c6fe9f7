import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  escapeText,
  foldLine,
  localTimeIsUnique,
  offsetChanges,
  vtimezone,
  writeCalendar,
} from './ics.ts';
import { estimateMinutes } from './feed-events.ts';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('folds at 75 octets, continuations start with a space, and no UTF-8 character is split', () => {
    const line = `SUMMARY:${'Stretch 🧘 and breathe, é '.repeat(12)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(3);
    for (const [index, part] of physical.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    expect(physical.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    // Full lines use the whole 75 octets unless the next character would not fit.
    expect(octets(physical[0]!)).toBeGreaterThanOrEqual(72);
  });

  it('writes CATEGORIES as TEXT values escaped and joined by commas, folded like any line (even inside an escape), and a reader gets each value back whole', () => {
    // 57 x's after "CATEGORIES:Quest," put the line's 75th octet on the backslash of the escaped comma.
    const long = `${'x'.repeat(57)},tail`;
    const categories = ['Quest', long, 'books, fiction', 'work; deep', 'back\\slash'];
    const text = writeCalendar({
      name: 'Level Up',
      timeZone: 'UTC',
      now: new Date('2026-03-01T12:00:00Z'),
      zoneRange: { from: new Date('2026-02-01T00:00:00Z'), to: new Date('2026-05-01T00:00:00Z') },
      events: [
        {
          uid: 'tagged@levelup',
          summary: 'Tagged',
          when: { kind: 'date', date: '2026-03-08' },
          categories,
        },
        { uid: 'plain@levelup', summary: 'Plain', when: { kind: 'date', date: '2026-03-09' } },
      ],
    });
    const [first, second] = text.slice(text.indexOf('CATEGORIES:')).split('\r\n');
    expect(first).toBe(`CATEGORIES:Quest,${'x'.repeat(57)}\\`);
    expect(octets(first!)).toBe(75);
    expect(second).toBe(' ,tail,books\\, fiction,work\\; deep,back\\\\slash');
    expect(text.match(/^CATEGORIES/gm)).toHaveLength(1);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [tagged, plain] = calendar.getAllSubcomponents('vevent');
    expect(tagged!.getFirstProperty('categories')!.getValues()).toEqual(categories);
    expect(plain!.getFirstProperty('categories')).toBeNull();
  });

  it('leaves a short line alone', () => {
    expect(foldLine('SUMMARY:Walk')).toBe('SUMMARY:Walk');
  });

  it('reads time estimates as minutes, else half an hour', () => {
    expect(estimateMinutes('45 min')).toBe(45);
    expect(estimateMinutes('1 hour')).toBe(60);
    expect(estimateMinutes('1.5h')).toBe(90);
    expect(estimateMinutes('90')).toBe(90);
    expect(estimateMinutes('a while')).toBe(30);
    expect(estimateMinutes(null)).toBe(30);
    expect(estimateMinutes('2000 minutes')).toBe(480);
  });
});

describe('time zones', () => {
  it("finds New York's spring-forward change to the minute", () => {
    const changes = offsetChanges(
      'America/New_York',
      new Date('2026-02-01T00:00:00Z'),
      new Date('2026-05-01T00:00:00Z'),
    );
    expect(changes).toEqual([
      { at: new Date('2026-03-08T07:00:00Z'), offsetFrom: -300, offsetTo: -240 },
    ]);
  });

  it('writes a VTIMEZONE with a DAYLIGHT observance at 02:00 local for New York, none for Kolkata', () => {
    const ny = vtimezone(
      'America/New_York',
      new Date('2026-02-01T00:00:00Z'),
      new Date('2026-05-01T00:00:00Z'),
    );
    expect(ny).toContain('BEGIN:DAYLIGHT');
    expect(ny).toContain('DTSTART:20260308T020000');
    expect(ny).toContain('TZOFFSETTO:-0400');
    const kolkata = vtimezone(
      'Asia/Kolkata',
      new Date('2026-02-01T00:00:00Z'),
      new Date('2026-05-01T00:00:00Z'),
    );
    expect(kolkata).not.toContain('BEGIN:DAYLIGHT');
    expect(kolkata).toContain('TZOFFSETTO:+0530');
  });

  it('a whole calendar parses with ical.js, CRLF only, and its local times map to the right instants across the change', () => {
    const text = writeCalendar({
      name: 'Level Up',
      timeZone: 'America/New_York',
      now: new Date('2026-03-01T12:00:00Z'),
      zoneRange: { from: new Date('2026-02-01T00:00:00Z'), to: new Date('2026-05-01T00:00:00Z') },
      events: [
        {
          uid: 'before@levelup',
          summary: 'Before, the change; \\ done',
          description: 'line one\nline two',
          when: { kind: 'timed', start: new Date('2026-03-05T14:00:00Z'), minutes: 30 },
        },
        {
          uid: 'after@levelup',
          summary: 'After',
          when: { kind: 'timed', start: new Date('2026-03-10T13:00:00Z'), minutes: 90 },
        },
        { uid: 'day@levelup', summary: 'All day', when: { kind: 'date', date: '2026-03-08' } },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const [before, after, day] = events;
    expect(before!.summary).toBe('Before, the change; \\ done');
    expect(before!.description).toBe('line one\nline two');
    // ical.js resolves each TZID time with the VTIMEZONE: 09:00 is 14:00Z in EST, 13:00Z in EDT.
    before!.startDate.zone = zone;
    after!.startDate.zone = zone;
    after!.endDate.zone = zone;
    expect(before!.startDate.toString()).toBe('2026-03-05T09:00:00');
    expect(before!.startDate.toUnixTime()).toBe(Date.parse('2026-03-05T14:00:00Z') / 1000);
    expect(after!.startDate.toUnixTime()).toBe(Date.parse('2026-03-10T13:00:00Z') / 1000);
    expect(after!.endDate.toString()).toBe('2026-03-10T10:30:00');
    expect(day!.startDate.isDate).toBe(true);
    expect(day!.startDate.toString()).toBe('2026-03-08');
    expect(day!.endDate.toString()).toBe('2026-03-09');
  });
});

describe('instants around both changes of the clock', () => {
  // Each zone's spring-forward and fall-back instants in 2026.
  const changes = [
    { zone: 'America/New_York', at: '2026-03-08T07:00:00Z' },
    { zone: 'America/New_York', at: '2026-11-01T06:00:00Z' },
    { zone: 'Europe/Berlin', at: '2026-03-29T01:00:00Z' },
    { zone: 'Europe/Berlin', at: '2026-10-25T01:00:00Z' },
  ];

  /** Every quarter hour from three hours before a change to three after, as 30 and 60 minute events. */
  function eventsAround(at: string) {
    const events = [];
    for (let quarter = -12; quarter <= 12; quarter++) {
      const start = new Date(Date.parse(at) + quarter * 900_000);
      for (const minutes of [30, 60])
        events.push({
          uid: `${start.toISOString()}-${minutes}@levelup`,
          summary: 'Quest',
          when: { kind: 'timed' as const, start, minutes },
        });
    }
    return events;
  }

  it.each(changes)(
    'in $zone around $at, every start and end reads back as the same instant and no end precedes its start',
    ({ zone, at }) => {
      const events = eventsAround(at);
      const text = writeCalendar({
        name: 'Level Up',
        timeZone: zone,
        now: new Date(at),
        zoneRange: {
          from: new Date(Date.parse(at) - 30 * 86_400_000),
          to: new Date(Date.parse(at) + 30 * 86_400_000),
        },
        events,
      });
      const calendar = new ICAL.Component(ICAL.parse(text));
      const timezone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
      const read = calendar.getAllSubcomponents('vevent').map((v) => {
        const event = new ICAL.Event(v);
        // A local time carries its TZID; resolve it with the feed's own VTIMEZONE, as calendar apps do.
        if (v.getFirstProperty('dtstart')?.getParameter('tzid')) {
          event.startDate.zone = timezone;
          event.endDate.zone = timezone;
        }
        return {
          uid: event.uid,
          start: event.startDate.toUnixTime(),
          end: event.endDate.toUnixTime(),
        };
      });
      expect(read).toHaveLength(events.length);
      for (const [index, event] of events.entries()) {
        const start = event.when.start.getTime() / 1000;
        expect(read[index]).toEqual({
          uid: event.uid,
          start,
          end: start + event.when.minutes * 60,
        });
      }
    },
  );

  it('writes the repeated hour in UTC and every other time in the zone', () => {
    // New York falls back at 06:00Z: 01:30 local is both 05:30Z (EDT) and 06:30Z (EST).
    expect(localTimeIsUnique(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toBe(false);
    expect(localTimeIsUnique(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe(false);
    expect(localTimeIsUnique(new Date('2026-11-01T04:59:00Z'), 'America/New_York')).toBe(true);
    expect(localTimeIsUnique(new Date('2026-11-01T07:00:00Z'), 'America/New_York')).toBe(true);
    // Spring forward skips local times, it repeats none.
    expect(localTimeIsUnique(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(true);
    expect(localTimeIsUnique(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(true);
    const text = writeCalendar({
      name: 'Level Up',
      timeZone: 'America/New_York',
      now: new Date('2026-10-30T12:00:00Z'),
      zoneRange: { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') },
      events: [
        {
          uid: 'first@levelup',
          summary: 'First 01:30',
          when: { kind: 'timed', start: new Date('2026-11-01T05:30:00Z'), minutes: 30 },
        },
        {
          uid: 'second@levelup',
          summary: 'Second 01:30',
          when: { kind: 'timed', start: new Date('2026-11-01T06:30:00Z'), minutes: 30 },
        },
        {
          uid: 'evening@levelup',
          summary: 'Evening',
          when: { kind: 'timed', start: new Date('2026-11-01T23:00:00Z'), minutes: 30 },
        },
      ],
    });
    expect(text).toContain('DTSTART:20261101T053000Z\r\nDTEND:20261101T060000Z');
    expect(text).toContain('DTSTART:20261101T063000Z\r\nDTEND:20261101T070000Z');
    expect(text).toContain('DTSTART;TZID=America/New_York:20261101T180000');
  });
});
