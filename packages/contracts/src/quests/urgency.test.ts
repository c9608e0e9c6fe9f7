import { describe, expect, it } from 'vitest';
import { daysUntilDue, dueLabel, dueUrgency, shortDate } from './urgency.ts';

// "now" is 2026-11-22 10:00 in Berlin (09:00Z) unless said otherwise.
const now = new Date('2026-11-22T09:00:00.000Z');
const zone = 'Europe/Berlin';
/** The end of a Berlin day in winter (UTC+1). */
const endOf = (date: string) => new Date(`${date}T22:59:59.999Z`);

describe('dueUrgency (Due-date urgency)', () => {
  it.each([
    ['2026-11-10', 'overdue', 'Overdue', 'Overdue'],
    ['2026-11-21', 'overdue', 'Overdue', 'Overdue'],
    ['2026-11-22', 'today', 'Due today', 'Today'],
    ['2026-11-23', 'tomorrow', 'Due tomorrow', 'Tomorrow'],
    ['2026-11-24', 'this_week', 'Due in 2 days', '2 days'],
    ['2026-11-25', 'this_week', 'Due in 3 days', '3 days'],
    ['2026-11-29', 'this_week', 'Due in 7 days', '7 days'],
    ['2026-11-30', 'future', '11/30/2026', '11/30/2026'],
    ['2027-01-05', 'future', '01/05/2027', '01/05/2027'],
  ] as const)(
    'when the due day is %s, then it is %s ("%s", badge "%s")',
    (date, urgency, text, badge) => {
      expect(dueUrgency(endOf(date), now, zone)).toBe(urgency);
      expect(dueLabel(endOf(date).toISOString(), now, zone)).toEqual({ urgency, text, badge });
    },
  );

  it('when a task is due at 00:30 Berlin time tomorrow, then it is tomorrow even though it is under 24 hours away', () => {
    const lateNow = new Date('2026-11-22T22:00:00.000Z'); // 23:00 Berlin
    const due = new Date('2026-11-22T23:30:00.000Z'); // 00:30 Berlin on the 23rd
    expect(dueUrgency(due, lateNow, zone)).toBe('tomorrow');
    expect(dueUrgency(due, lateNow, 'UTC')).toBe('today');
  });

  it('when it is 23:59 in New York and the due date ended at 23:59:59.999 that day, then it is today; one minute later it is overdue', () => {
    const due = new Date('2026-11-23T04:59:59.999Z'); // end of 2026-11-22 in New York
    expect(dueUrgency(due, new Date('2026-11-23T04:59:00.000Z'), 'America/New_York')).toBe('today');
    expect(dueUrgency(due, new Date('2026-11-23T05:00:00.000Z'), 'America/New_York')).toBe(
      'overdue',
    );
  });

  it('when the week spans the spring DST change, then the day count is still by calendar', () => {
    const before = new Date('2026-03-27T12:00:00.000Z'); // Friday in Berlin
    const due = new Date('2026-03-29T21:59:59.999Z'); // end of Sunday 29 March (CEST)
    expect(daysUntilDue(due, before, zone)).toBe(2);
    expect(dueLabel(due, before, zone).text).toBe('Due in 2 days');
  });
});

describe('shortDate', () => {
  it('when a local date is shown, then it is MM/dd/yyyy', () => {
    expect(shortDate('2026-03-05')).toBe('03/05/2026');
  });
});
