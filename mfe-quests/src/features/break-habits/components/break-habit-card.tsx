import { useState, type CSSProperties } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import { BACKFILL_DAYS, addDays, dayCount, type BreakHabit } from '@levelup/contracts';
import { TagList } from '../../../lib/tag-list.tsx';

/**
 * The Slipped button's own colour: an amber, not the green of completing. White text on it has a
 * contrast of 5:1 (WCAG AA), the same on the light and the dark theme's cards.
 */
export const SLIP_BUTTON: CSSProperties = {
  background: '#b45309',
  borderColor: '#b45309',
  color: '#fff',
};

const statStyle: CSSProperties = { margin: 0 };

/** The earliest day a slip can still be recorded on: the back-fill window, not before the start. */
function earliestSlipDay(habit: BreakHabit): string {
  const windowStart = addDays(habit.today, -BACKFILL_DAYS);
  return habit.startDate > windowStart ? habit.startDate : windowStart;
}

/** "Slipped on an earlier day": a date within the window and a button that records it. */
function EarlierSlipForm({
  habit,
  pending,
  onSlip,
}: {
  habit: BreakHabit;
  pending: boolean;
  onSlip: (date: string) => void;
}) {
  const [date, setDate] = useState(addDays(habit.today, -1));
  const earliest = earliestSlipDay(habit);
  return (
    <form
      aria-label={`Slipped on an earlier day: ${habit.title}`}
      style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'end' }}
      onSubmit={(event) => {
        event.preventDefault();
        if (date) onSlip(date);
      }}
    >
      <label style={{ display: 'grid', gap: 4 }}>
        <span>Day of the slip</span>
        <Input
          type="date"
          value={date}
          min={earliest}
          max={habit.today}
          onChange={(event) => setDate(event.target.value)}
          style={{ width: 170 }}
        />
      </label>
      <Button htmlType="submit" loading={pending}>
        Record slip
      </Button>
      <span style={{ flexBasis: '100%', fontSize: 13 }}>
        Today and the last {BACKFILL_DAYS} days, not before {earliest}.
      </span>
    </form>
  );
}

/** The last 30 days' slips, as a small table of the days that had any. */
function SlipHistory({ habit }: { habit: BreakHabit }) {
  const days = habit.history.filter((day) => day.slips > 0).reverse();
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>
        Last 30 days: {habit.slipsLast30Days} {habit.slipsLast30Days === 1 ? 'slip' : 'slips'}
      </summary>
      {days.length === 0 ? (
        <p style={{ margin: '8px 0 0' }}>No slips in the last 30 days.</p>
      ) : (
        <table style={{ marginTop: 8, borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={{ textAlign: 'left', paddingRight: 16 }}>Day</th>
              <th style={{ textAlign: 'right' }}>Slips</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td style={{ paddingRight: 16 }}>{day.date}</td>
                <td style={{ textAlign: 'right' }}>{day.slips}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

/** One habit to break: its clean run, best run and this week's slips, Slipped, edit and delete. */
export function BreakHabitCard({
  habit,
  pending,
  onSlip,
  onEdit,
  onDelete,
}: {
  habit: BreakHabit;
  pending: boolean;
  onSlip: (habit: BreakHabit, date?: string) => void;
  onEdit: (habit: BreakHabit) => void;
  onDelete: (habit: BreakHabit) => void;
}) {
  const [earlier, setEarlier] = useState(false);
  return (
    <li style={{ listStyle: 'none' }}>
      <Card size="small" aria-label={habit.title} role="group">
        <div style={{ display: 'grid', gap: 8 }}>
          <h3 style={{ margin: 0, fontSize: 16, overflowWrap: 'anywhere' }}>{habit.title}</h3>
          {habit.description && <p style={statStyle}>{habit.description}</p>}
          <TagList tags={habit.tags} />
          <p style={{ ...statStyle, fontSize: 20, fontWeight: 600 }}>
            {dayCount(habit.daysWithoutSlip)} without a slip
          </p>
          <p style={statStyle}>
            Best: {dayCount(habit.bestRun)} · Slips in the last 7 days: {habit.slipsLast7Days}
          </p>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Button
              style={SLIP_BUTTON}
              loading={pending}
              aria-label={`Slipped: ${habit.title}`}
              onClick={() => onSlip(habit)}
            >
              Slipped
            </Button>
            <Button aria-expanded={earlier} onClick={() => setEarlier((open) => !open)}>
              Slipped on an earlier day
            </Button>
            <Button aria-label={`Edit: ${habit.title}`} onClick={() => onEdit(habit)}>
              Edit
            </Button>
            {/* Plain, as Edit: antd's red text is under 4.5:1 in the dark theme; the confirmation
                carries the warning. */}
            <Button aria-label={`Delete: ${habit.title}`} onClick={() => onDelete(habit)}>
              Delete
            </Button>
          </div>
          {earlier && (
            <EarlierSlipForm
              habit={habit}
              pending={pending}
              onSlip={(date) => onSlip(habit, date)}
            />
          )}
          <SlipHistory habit={habit} />
        </div>
      </Card>
    </li>
  );
}
