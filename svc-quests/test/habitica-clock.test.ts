import { describe, expect, it } from 'vitest';
import { habiticaClock, habiticaDayOf } from '../src/import/habitica.ts';

// Habitica's offsets are minutes west of UTC, as JavaScript's getTimezoneOffset gives them.
const at = (iso: string) => new Date(iso);

describe("the clock a Habitica export's days were counted by", () => {
  it('when the Level Up zone has the offset in winter or in summer, then the zone is used and nothing is said', () => {
    const winter = habiticaClock(300, 'America/New_York', '2026-07-01');
    const summer = habiticaClock(240, 'America/New_York', '2026-01-10');
    expect([winter.note, summer.note]).toEqual([null, null]);
    // 2026-07-01 03:30 UTC is 23:30 the evening before in New York (summer time, UTC−4).
    expect(winter.clock.date(at('2026-07-01T03:30:00Z'))).toBe('2026-06-30');
    expect(summer.clock.hour(at('2026-01-10T12:00:00Z'))).toBe(7);
  });

  it('when the Level Up zone is elsewhere, then the fixed offset is used, half hours included, and the note names it', () => {
    const india = habiticaClock(-330, 'Europe/Berlin', '2026-03-10');
    expect(india.note).toBe(
      'Days are counted as Habitica counted them, at UTC+05:30; your time zone here is Europe/Berlin',
    );
    expect(india.clock.date(at('2026-03-09T18:40:00Z'))).toBe('2026-03-10');
    expect(india.clock.hour(at('2026-03-09T18:40:00Z'))).toBe(0);
    // With a day start at 4, 00:10 in India still counts for the day before.
    expect(habiticaDayOf(at('2026-03-09T18:40:00Z'), india.clock, 4)).toBe('2026-03-09');
  });

  it('when there is no offset, then the Level Up zone is used; when it is not a real one, then too, and the note says so', () => {
    expect(habiticaClock(undefined, 'Asia/Tokyo', '2026-03-10').note).toBeNull();
    const odd = habiticaClock(5000, 'Asia/Tokyo', '2026-03-10');
    expect(odd.note).toBe(
      "Habitica's time zone offset (5000) is not a real one: days are counted in your time zone, Asia/Tokyo",
    );
    expect(odd.clock.date(at('2026-03-09T16:00:00Z'))).toBe('2026-03-10');
  });
});
