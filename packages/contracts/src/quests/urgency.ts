import { toInstant } from '../common/instant.ts';
import { daysBetween, localDate, parseLocalDate } from '../time/zone.ts';

// Due-date urgency: overdue (before today), today, tomorrow, this_week (2 to 7 days
// out, 'Due in N days' / badge 'N days'), future (short date). Days are counted on the user's calendar
// (its time zone), so 23:59 tonight is "today" and 00:01 is "tomorrow" whatever the hours.

export type DueUrgency = 'overdue' | 'today' | 'tomorrow' | 'this_week' | 'future';

/** Calendar days from the user's today to the due date, in the user's zone. */
export function daysUntilDue(dueDate: Date | string, now: Date, timeZone: string): number {
  const due = toInstant(dueDate);
  if (!due) throw new RangeError('Invalid due date');
  return daysBetween(localDate(now, timeZone), localDate(due, timeZone));
}

export function dueUrgency(dueDate: Date | string, now: Date, timeZone: string): DueUrgency {
  const days = daysUntilDue(dueDate, now, timeZone);
  if (days < 0) return 'overdue';
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days <= 7) return 'this_week';
  return 'future';
}

/** Short date MM/dd/yyyy (English (US)). */
export function shortDate(date: string): string {
  const { year, month, day } = parseLocalDate(date);
  return `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;
}

/**
 * Text of the due line and of the badge. 'Due in N days' and 'N days' are fixed product wording;
 * the labels of the other buckets (overdue, today, tomorrow) are free to change.
 */
export function dueLabel(
  dueDate: Date | string,
  now: Date,
  timeZone: string,
): { urgency: DueUrgency; text: string; badge: string } {
  const urgency = dueUrgency(dueDate, now, timeZone);
  const days = daysUntilDue(dueDate, now, timeZone);
  switch (urgency) {
    case 'overdue':
      return { urgency, text: 'Overdue', badge: 'Overdue' };
    case 'today':
      return { urgency, text: 'Due today', badge: 'Today' };
    case 'tomorrow':
      return { urgency, text: 'Due tomorrow', badge: 'Tomorrow' };
    case 'this_week':
      return { urgency, text: `Due in ${days} days`, badge: `${days} days` };
    case 'future': {
      const due = toInstant(dueDate) as Date;
      const text = shortDate(localDate(due, timeZone));
      return { urgency, text, badge: text };
    }
  }
}
