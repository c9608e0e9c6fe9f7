import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  endOfLocalDay,
  isValidTimeZone,
  localDate,
  localHour,
  parseLocalDate,
  startOfLocalDay,
  timeZoneSchema,
  todayFor,
  weekdayInZone,
  weekdayOfLocalDate,
  yesterdayFor,
  zoneOffsetMinutes,
  zonedTimeToInstant,
} from './zone.ts';

// DST changes in 2026: New York 8 March (02:00 EST -> 03:00 EDT, at 07:00Z) and 1 November
// (02:00 EDT -> 01:00 EST, at 06:00Z); Berlin 29 March (02:00 CET -> 03:00 CEST, at 01:00Z) and
// 25 October (03:00 CEST -> 02:00 CET, at 01:00Z).
const NY = 'America/New_York';
const BER = 'Europe/Berlin';

describe('localDate: just before and after local midnight', () => {
  it.each([
    ['2026-03-08T04:59:59.999Z', NY, '2026-03-07'],
    ['2026-03-08T05:00:00.000Z', NY, '2026-03-08'],
    ['2026-03-09T03:59:59.999Z', NY, '2026-03-08'], // the 23-hour day ends at 04:00Z
    ['2026-03-09T04:00:00.000Z', NY, '2026-03-09'],
    ['2026-11-01T03:59:59.999Z', NY, '2026-10-31'],
    ['2026-11-01T04:00:00.000Z', NY, '2026-11-01'],
    ['2026-11-02T04:59:59.999Z', NY, '2026-11-01'], // the 25-hour day ends at 05:00Z
    ['2026-11-02T05:00:00.000Z', NY, '2026-11-02'],
    ['2026-03-28T22:59:59.999Z', BER, '2026-03-28'],
    ['2026-03-28T23:00:00.000Z', BER, '2026-03-29'],
    ['2026-03-29T21:59:59.999Z', BER, '2026-03-29'],
    ['2026-03-29T22:00:00.000Z', BER, '2026-03-30'],
    ['2026-10-24T21:59:59.999Z', BER, '2026-10-24'],
    ['2026-10-24T22:00:00.000Z', BER, '2026-10-25'],
    ['2026-10-25T22:59:59.999Z', BER, '2026-10-25'],
    ['2026-10-25T23:00:00.000Z', BER, '2026-10-26'],
    ['2026-12-31T23:00:00.000Z', BER, '2027-01-01'],
    ['2026-12-31T23:00:00.000Z', NY, '2026-12-31'],
    ['2026-11-22T23:00:00.000Z', 'UTC', '2026-11-22'],
    ['2026-11-22T23:00:00.000Z', 'Asia/Kolkata', '2026-11-23'],
  ])('when the instant is %s in %s, then the local date is %s', (iso, zone, expected) => {
    expect(localDate(new Date(iso), zone)).toBe(expected);
  });

  it('when the local day starts at midnight, then the hour there reads 0 (not 24)', () => {
    expect(localHour(new Date('2026-03-08T05:00:00.000Z'), NY)).toBe(0);
    expect(localHour(new Date('2026-03-29T01:00:00.000Z'), BER)).toBe(3);
  });
});

describe('todayFor and yesterdayFor', () => {
  it.each([
    // now, zone, today, yesterday
    ['2026-03-08T04:59:59.999Z', NY, '2026-03-07', '2026-03-06'],
    ['2026-03-08T05:00:00.000Z', NY, '2026-03-08', '2026-03-07'],
    ['2026-03-09T03:30:00.000Z', NY, '2026-03-08', '2026-03-07'],
    ['2026-11-02T04:30:00.000Z', NY, '2026-11-01', '2026-10-31'],
    ['2026-03-29T22:30:00.000Z', BER, '2026-03-30', '2026-03-29'],
    ['2026-10-25T22:30:00.000Z', BER, '2026-10-25', '2026-10-24'],
    ['2026-03-01T00:30:00.000Z', BER, '2026-03-01', '2026-02-28'],
    ['2028-03-01T00:30:00.000Z', BER, '2028-03-01', '2028-02-29'],
  ])(
    'when it is %s for a user in %s, then today is %s and yesterday %s',
    (iso, timeZone, today, yesterday) => {
      const now = new Date(iso);
      expect(todayFor({ timeZone }, now)).toBe(today);
      expect(yesterdayFor({ timeZone }, now)).toBe(yesterday);
    },
  );
});

describe('weekdayInZone', () => {
  it.each([
    ['2026-03-08T04:59:59.999Z', NY, 6], // still Saturday in New York
    ['2026-03-08T05:00:00.000Z', NY, 0], // Sunday
    ['2026-03-08T04:59:59.999Z', BER, 0],
    ['2026-10-25T22:59:59.999Z', BER, 0],
    ['2026-10-25T23:00:00.000Z', BER, 1],
  ])('when the instant is %s in %s, then the weekday is %i', (iso, zone, weekday) => {
    expect(weekdayInZone(new Date(iso), zone)).toBe(weekday);
  });

  it.each([
    ['2026-11-22', 0],
    ['2026-11-23', 1],
    ['2026-11-28', 6],
    ['2000-01-01', 6],
  ])('when the local date is %s, then its weekday is %i', (date, weekday) => {
    expect(weekdayOfLocalDate(date)).toBe(weekday);
  });
});

describe('addDays and daysBetween: calendar arithmetic that DST never shifts', () => {
  it.each([
    ['2026-03-07', 1, '2026-03-08'],
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-03-28', 1, '2026-03-29'],
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-10-24', 1, '2026-10-25'],
    ['2026-10-25', 1, '2026-10-26'],
    ['2026-10-31', 1, '2026-11-01'],
    ['2026-11-01', 1, '2026-11-02'],
    ['2026-03-01', 7, '2026-03-08'],
    ['2026-03-25', 7, '2026-04-01'],
    ['2026-03-09', -1, '2026-03-08'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-11-22', 0, '2026-11-22'],
    ['2026-01-31', 365, '2027-01-31'],
  ])('when %s moves by %i days, then it is %s', (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(n);
  });

  it('when walking every day of 2026 in either zone, then each local day start is the previous plus one day', () => {
    for (const zone of [NY, BER]) {
      let date = '2026-01-01';
      for (let i = 0; i < 365; i += 1) {
        const start = startOfLocalDay(date, zone);
        expect(localDate(start, zone)).toBe(date);
        expect(localDate(new Date(start.getTime() - 1), zone)).toBe(addDays(date, -1));
        date = addDays(date, 1);
      }
      expect(date).toBe('2027-01-01');
    }
  });

  it.each(['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', ''])(
    'when %j is given, then it is refused',
    (bad) => {
      expect(() => parseLocalDate(bad)).toThrow(RangeError);
      expect(() => addDays(bad, 1)).toThrow(RangeError);
    },
  );
});

describe('start and end of a local day on DST days', () => {
  it.each([
    ['2026-03-08', NY, '2026-03-08T05:00:00.000Z', '2026-03-09T03:59:59.999Z', 23],
    ['2026-11-01', NY, '2026-11-01T04:00:00.000Z', '2026-11-02T04:59:59.999Z', 25],
    ['2026-03-29', BER, '2026-03-28T23:00:00.000Z', '2026-03-29T21:59:59.999Z', 23],
    ['2026-10-25', BER, '2026-10-24T22:00:00.000Z', '2026-10-25T22:59:59.999Z', 25],
    ['2026-11-22', BER, '2026-11-21T23:00:00.000Z', '2026-11-22T22:59:59.999Z', 24],
  ])(
    'when the day is %s in %s, then it runs from %s to %s (%i hours)',
    (date, zone, start, end, hours) => {
      expect(startOfLocalDay(date, zone).toISOString()).toBe(start);
      expect(endOfLocalDay(date, zone).toISOString()).toBe(end);
      expect(
        (endOfLocalDay(date, zone).getTime() + 1 - startOfLocalDay(date, zone).getTime()) /
          3_600_000,
      ).toBe(hours);
    },
  );
});

describe('zonedTimeToInstant', () => {
  it.each([
    ['2026-03-08', 1, 30, NY, '2026-03-08T06:30:00.000Z'],
    ['2026-03-08', 2, 30, NY, '2026-03-08T07:30:00.000Z'], // skipped hour: read as 03:30 EDT
    ['2026-03-08', 3, 30, NY, '2026-03-08T07:30:00.000Z'],
    ['2026-11-01', 1, 30, NY, '2026-11-01T05:30:00.000Z'], // repeated hour: the first one
    ['2026-11-01', 8, 0, NY, '2026-11-01T13:00:00.000Z'],
    ['2026-03-29', 2, 30, BER, '2026-03-29T01:30:00.000Z'], // skipped hour: 03:30 CEST
    ['2026-10-25', 2, 30, BER, '2026-10-25T00:30:00.000Z'], // repeated hour: the first one (CEST)
    ['2026-10-25', 14, 0, BER, '2026-10-25T13:00:00.000Z'],
  ])('when %s %i:%i is wanted in %s, then the instant is %s', (date, hour, minute, zone, iso) => {
    expect(zonedTimeToInstant(date, { hour, minute }, zone).toISOString()).toBe(iso);
  });

  it.each([
    ['2026-07-01T12:00:00.000Z', BER, 120],
    ['2026-01-01T12:00:00.000Z', BER, 60],
    ['2026-07-01T12:00:00.000Z', NY, -240],
    ['2026-01-01T12:00:00.000Z', NY, -300],
  ])('when the instant is %s in %s, then the offset is %i minutes', (iso, zone, offset) => {
    expect(zoneOffsetMinutes(new Date(iso), zone)).toBe(offset);
  });
});

describe('isValidTimeZone and timeZoneSchema', () => {
  it.each([
    ['Europe/Berlin', true],
    ['America/New_York', true],
    ['UTC', true],
    ['', false],
    [' Europe/Berlin', false],
    ['Mars/Olympus', false],
    [42, false],
    [null, false],
  ])('when the zone is %j, then it is valid: %s', (tz, expected) => {
    expect(isValidTimeZone(tz)).toBe(expected);
    expect(timeZoneSchema.safeParse(tz).success).toBe(expected);
  });

  it('when the zone is unknown, then the message asks for a valid time zone', () => {
    expect(timeZoneSchema.safeParse('Nowhere/City').error?.issues[0]?.message).toBe(
      'Please choose a valid time zone',
    );
  });
});
