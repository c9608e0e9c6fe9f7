import { calendarDayTotalXp, canBackfill, daysBetween, type CalendarDay } from '@levelup/contracts';
import { BackfillRule } from '../../../lib/backfill/backfill-rule.tsx';
import { DayFillIn } from './day-fill-in.tsx';

/**
 * A selected day of the calendar: what was done (or "No activity recorded"). A day within the
 * back-fill window also lists its routines and one-time quests to fill in; an older day stays
 * read-only with the rule line; a day to come has neither.
 */
export function DayDetail(props: {
  date: string;
  today: string;
  label: string;
  day: CalendarDay | undefined;
}) {
  const { date, today, label, day } = props;
  const empty =
    !day ||
    (day.questsCompleted === 0 && day.goalsCompleted.length === 0 && day.lifeTasksCompleted === 0);
  const past = daysBetween(date, today) >= 0;
  return (
    <section
      aria-label={`Activity on ${label}`}
      style={{ padding: 12, borderRadius: 8, background: 'rgba(128, 128, 128, 0.08)' }}
    >
      <h4 style={{ margin: '0 0 6px' }}>{label}</h4>
      {empty ? (
        <p style={{ margin: 0 }}>No activity recorded</p>
      ) : (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          <li>Quests: {day.questsCompleted}</li>
          <li>
            Goals: {day.goalsCompleted.length}
            {day.goalsCompleted.length > 0 &&
              ` (${day.goalsCompleted.map((g) => g.title).join(', ')})`}
          </li>
          <li>Life Tasks: {day.lifeTasksCompleted}</li>
          <li>Total XP: {calendarDayTotalXp(day)}</li>
        </ul>
      )}
      {past &&
        (canBackfill(date, today) ? <DayFillIn date={date} dayLabel={label} /> : <BackfillRule />)}
    </section>
  );
}
