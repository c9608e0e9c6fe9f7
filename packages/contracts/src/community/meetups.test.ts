import { describe, expect, it } from 'vitest';
import { DEFAULT_MEETUPS, defaultMeetupStarts, meetupDateTime } from './meetups.ts';

const series = (key: string) => DEFAULT_MEETUPS.find((m) => m.key === key)!;
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('default weekly meetups', () => {
  it('when it is Wednesday noon in New York, then the coming week holds one occurrence of each series', () => {
    const now = new Date('2026-11-25T17:00:00Z');
    expect(iso(defaultMeetupStarts(series('monday-check-in'), now))).toEqual([
      '2026-12-01T00:00:00.000Z',
    ]);
    // Tonight's workshop; next Wednesday's is past the 7-day horizon.
    expect(iso(defaultMeetupStarts(series('wednesday-workshop'), now))).toEqual([
      '2026-11-26T00:00:00.000Z',
    ]);
    expect(iso(defaultMeetupStarts(series('friday-social'), now))).toEqual([
      '2026-11-27T23:00:00.000Z',
    ]);
    expect(meetupDateTime(new Date('2026-12-01T00:00:00Z'))).toEqual({
      date: 'Mon, Nov 30',
      time: '7:00 PM',
    });
  });

  it('when a meetup started less than an hour ago, then it is still scheduled with the next one', () => {
    const now = new Date('2026-11-26T00:30:00Z'); // Wednesday 7:30 PM in New York
    expect(iso(defaultMeetupStarts(series('wednesday-workshop'), now))).toEqual([
      '2026-11-26T00:00:00.000Z',
      '2026-12-03T00:00:00.000Z',
    ]);
    const later = new Date('2026-11-26T01:00:00Z'); // an hour after the start: only next week's
    expect(iso(defaultMeetupStarts(series('wednesday-workshop'), later))).toEqual([
      '2026-12-03T00:00:00.000Z',
    ]);
  });

  it('when daylight saving time begins, then the meetup keeps its wall-clock time in New York', () => {
    // Clocks go forward on Sunday 8 March 2026: Monday 7 PM is then 23:00 UTC, not 00:00.
    const now = new Date('2026-03-06T17:00:00Z');
    const [monday] = defaultMeetupStarts(series('monday-check-in'), now);
    expect(monday?.toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(meetupDateTime(monday!)).toEqual({ date: 'Mon, Mar 9', time: '7:00 PM' });
  });

  it('when the defaults are read, then each series has its own key and a check-in, a workshop and a social are among them', () => {
    expect(new Set(DEFAULT_MEETUPS.map((m) => m.key)).size).toBe(DEFAULT_MEETUPS.length);
    expect(DEFAULT_MEETUPS.map((m) => m.type).sort()).toEqual(['check-in', 'social', 'workshop']);
  });
});
