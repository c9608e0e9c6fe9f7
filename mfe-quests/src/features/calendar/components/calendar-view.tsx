import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Tooltip from 'antd/es/tooltip';
import LeftOutlined from '@ant-design/icons/es/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import {
  addMonths,
  calendarDayColor,
  calendarDayKinds,
  calendarMonthSummary,
  calendarTooltip,
  hasCalendarStar,
  monthDays,
  weekdayOfLocalDate,
  type CalendarColor,
  type CalendarKind,
} from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { calendarQueryOptions } from '../api/calendar-api.ts';
import { DayDetail } from './day-detail.tsx';

// Legend colours: Quests blue, Goals green, Life Tasks orange, Multiple.
const COLORS: Record<Exclude<CalendarColor, 'none'>, string> = {
  blue: 'rgba(59, 130, 246, 0.28)',
  green: 'rgba(34, 197, 94, 0.28)',
  orange: 'rgba(249, 115, 22, 0.3)',
  multiple: 'rgba(168, 85, 247, 0.3)',
};
const DOT: Record<CalendarKind, string> = {
  quests: '#2563eb',
  goals: '#16a34a',
  lifeTasks: '#ea580c',
};
const LEGEND = [
  { label: 'Quests', color: COLORS.blue },
  { label: 'Goals', color: COLORS.green },
  { label: 'Life Tasks', color: COLORS.orange },
  { label: 'Multiple', color: COLORS.multiple },
];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function monthTitle(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function longDate(date: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The legend of the day colours. */
function Legend() {
  return (
    <ul
      aria-label="Legend"
      style={{
        display: 'flex',
        gap: 12,
        flexWrap: 'wrap',
        listStyle: 'none',
        margin: 0,
        padding: 0,
        fontSize: 13,
      }}
    >
      {LEGEND.map((l) => (
        <li key={l.label} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <span
            aria-hidden="true"
            style={{
              width: 12,
              height: 12,
              borderRadius: 3,
              background: l.color,
              display: 'inline-block',
            }}
          />
          {l.label}
        </li>
      ))}
    </ul>
  );
}

/** 'This Month's Summary': the month's totals. */
function MonthSummary({ summary }: { summary: ReturnType<typeof calendarMonthSummary> }) {
  return (
    <section aria-label="This Month's Summary">
      <h4 style={{ margin: '0 0 6px' }}>This Month&apos;s Summary</h4>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
          gap: 8,
        }}
      >
        {[
          ['Quests completed', summary.questsCompleted],
          ['Goals achieved', summary.goalsAchieved],
          ['Life tasks', summary.lifeTasks],
          ['Total XP', summary.totalXp],
        ].map(([label, value]) => (
          <div
            key={label}
            style={{ padding: 8, borderRadius: 8, background: 'rgba(128, 128, 128, 0.08)' }}
          >
            <div style={{ fontSize: 20, fontWeight: 600 }}>{value}</div>
            <div style={{ fontSize: 12, opacity: 0.8 }}>{label}</div>
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * Calendar View of the 'Interactive Activity Calendar': legend, a month of days
 * coloured by kind with a dot per kind and a star at 3+ items, the tooltip text, a day's detail and
 * 'This Month's Summary'; 'Calendar Unavailable' when the read fails. Rules from the contracts.
 */
export default function CalendarView() {
  const { today } = useUserDay();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [selected, setSelected] = useState<string | null>(null);
  const calendar = useQuery(calendarQueryOptions(month));
  const toast = useToast();

  useEffect(() => {
    if (calendar.isError)
      toast.error({
        title: 'Failed to load calendar data',
        description: 'Please try selecting a different month',
      });
  }, [calendar.isError, toast]);

  const { to } = monthDays(month);
  const first = `${month}-01`;
  const lead = weekdayOfLocalDate(first);
  const count = Number(to.slice(8));
  const dates = Array.from(
    { length: count },
    (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`,
  );
  const go = (delta: number) => {
    setMonth(addMonths(first, delta).slice(0, 7));
    setSelected(null);
  };

  const header = (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
      <Button
        size="small"
        icon={<LeftOutlined aria-hidden="true" />}
        aria-label="Previous month"
        onClick={() => go(-1)}
      />
      <h3 style={{ margin: 0, fontSize: 16, flex: 1, textAlign: 'center' }} aria-live="polite">
        {monthTitle(month)}
      </h3>
      <Button
        size="small"
        icon={<RightOutlined aria-hidden="true" />}
        aria-label="Next month"
        onClick={() => go(1)}
      />
    </div>
  );

  if (calendar.isPending)
    return (
      <div>
        {header}
        <div role="status" aria-label="Loading calendar">
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      </div>
    );
  if (calendar.isError)
    return (
      <div>
        {header}
        <div role="alert" style={{ textAlign: 'center', padding: 24 }}>
          <strong>Calendar Unavailable</strong>
          <p style={{ margin: '8px 0' }}>Failed to load calendar data</p>
          <Button onClick={() => void calendar.refetch()}>Try Again</Button>
        </div>
      </div>
    );

  const days = calendar.data;
  const summary = calendarMonthSummary(days);

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <Legend />
      {header}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }}>
        {WEEKDAYS.map((d) => (
          <div
            key={d}
            aria-hidden="true"
            style={{ textAlign: 'center', fontSize: 12, opacity: 0.7 }}
          >
            {d}
          </div>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <div key={`lead-${i}`} />
        ))}
        {dates.map((date) => {
          const day = days[date];
          const color = calendarDayColor(day);
          const tip = calendarTooltip(day);
          const isSelected = date === selected;
          return (
            <Tooltip key={date} title={tip} mouseEnterDelay={0.7}>
              <button
                type="button"
                aria-label={`${longDate(date)}: ${tip}${day && hasCalendarStar(day) ? ', star day' : ''}`}
                aria-pressed={isSelected}
                aria-current={date === today ? 'date' : undefined}
                onClick={() => setSelected(isSelected ? null : date)}
                style={{
                  minHeight: 44,
                  border: isSelected
                    ? '2px solid var(--lu-accent, #7c3aed)'
                    : date === today
                      ? '1px solid var(--lu-accent, #7c3aed)'
                      : '1px solid rgba(128, 128, 128, 0.2)',
                  borderRadius: 8,
                  background: color === 'none' ? 'transparent' : COLORS[color],
                  color: 'inherit',
                  font: 'inherit',
                  cursor: 'pointer',
                  display: 'grid',
                  justifyItems: 'center',
                  alignContent: 'center',
                  gap: 2,
                  padding: 2,
                }}
              >
                <span style={{ fontSize: 13 }}>
                  {Number(date.slice(8))}
                  {day && hasCalendarStar(day) && <span aria-hidden="true"> ★</span>}
                </span>
                <span aria-hidden="true" style={{ display: 'flex', gap: 2, minHeight: 6 }}>
                  {day &&
                    calendarDayKinds(day).map((kind) => (
                      <span
                        key={kind}
                        style={{ width: 6, height: 6, borderRadius: 3, background: DOT[kind] }}
                      />
                    ))}
                </span>
              </button>
            </Tooltip>
          );
        })}
      </div>
      {selected && (
        <DayDetail date={selected} today={today} label={longDate(selected)} day={days[selected]} />
      )}
      <MonthSummary summary={summary} />
    </div>
  );
}
