import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import type { HabitBucketUnit, HabitStatsResponse } from '@levelup/contracts';
import { HttpError, PageHeader } from '@levelup/web-kit';
import { recurrenceLabel } from '../../../lib/recurrence-label.ts';
import { habitStatsQueryOptions } from '../api/habit-stats-api.ts';
import {
  dayLabel,
  daysLabel,
  percent,
  periodAxisLabel,
  periodLabel,
  shortDayLabel,
} from '../habit-labels.ts';
import { ChartPanel, FiguresTable } from './chart-panel.tsx';
import { BestStreaks, WeekdayFrequency } from './habit-lists.tsx';
import { RecentDays } from './recent-days.tsx';
import { SectionCard } from './section-card.tsx';
import { TargetProgress } from './target-progress.tsx';

const grid = {
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 340px), 1fr))',
  alignItems: 'start',
} as const;

function Strength({ stats }: { stats: HabitStatsResponse }) {
  const { totals, scoreSeries } = stats;
  return (
    <SectionCard title="Strength">
      <p style={{ margin: '0 0 4px' }}>
        <span style={{ fontSize: 40, fontWeight: 700, lineHeight: 1.1 }}>
          {percent(stats.score)}
        </span>{' '}
        <span style={{ opacity: 0.8 }}>strength now</span>
      </p>
      <p style={{ margin: '0 0 12px', fontSize: 13, opacity: 0.8 }}>
        {totals.completed} done, {totals.partial} partly done of {totals.scheduled} scheduled days
        {totals.skipped > 0 ? ` (${totals.skipped} skipped)` : ''}. Recent days count most.
      </p>
      <ChartPanel
        tableName="Strength"
        chart={{
          kind: 'line',
          labels: scoreSeries.map((p) => shortDayLabel(p.date)),
          values: scoreSeries.map((p) => Math.round(p.score * 1000) / 10),
          yMax: 100,
          formatY: (v) => `${v}%`,
          description: `Strength over the last 12 months, one point a week: now ${percent(stats.score)}.`,
        }}
        table={
          <FiguresTable
            caption="Strength at the end of each week"
            rowKey={(p) => p.date}
            rows={[...scoreSeries].reverse()}
            columns={[
              { title: 'Week ending', value: (p) => dayLabel(p.date) },
              { title: 'Strength', value: (p) => percent(p.score), numeric: true },
            ]}
          />
        }
      />
    </SectionCard>
  );
}

const UNITS: { key: HabitBucketUnit; label: string; title: string }[] = [
  { key: 'week', label: 'Weeks', title: 'Week' },
  { key: 'month', label: 'Months', title: 'Month' },
  { key: 'year', label: 'Years', title: 'Year' },
];

function HistoryChart({ stats, unit }: { stats: HabitStatsResponse; unit: HabitBucketUnit }) {
  const bars = stats.bars[unit];
  const name = UNITS.find((u) => u.key === unit)!;
  return (
    <ChartPanel
      tableName={`Done per ${name.title.toLowerCase()}`}
      chart={{
        kind: 'bars',
        labels: bars.map((b) => periodAxisLabel(unit, b.start)),
        values: bars.map((b) => b.completed + b.partial),
        formatY: (v) => (Number.isInteger(v) ? String(v) : ''),
        description: `Days done per ${name.title.toLowerCase()}, ${bars.length} bars; this ${name.title.toLowerCase()}: ${daysLabel((bars.at(-1)?.completed ?? 0) + (bars.at(-1)?.partial ?? 0))}.`,
      }}
      table={
        <FiguresTable
          caption={`Days done per ${name.title.toLowerCase()}`}
          rowKey={(b) => b.period}
          rows={[...bars].reverse()}
          columns={[
            { title: name.title, value: (b) => periodLabel(unit, b.start) },
            { title: 'Done', value: (b) => b.completed, numeric: true },
            { title: 'Partly done', value: (b) => b.partial, numeric: true },
          ]}
        />
      }
    />
  );
}

function History({ stats }: { stats: HabitStatsResponse }) {
  const [unit, setUnit] = useState<HabitBucketUnit>('week');
  return (
    <SectionCard title="History">
      <Tabs
        activeKey={unit}
        onChange={(key) => setUnit(key as HabitBucketUnit)}
        items={UNITS.map((u) => ({
          key: u.key,
          label: u.label,
          children: u.key === unit ? <HistoryChart stats={stats} unit={u.key} /> : null,
        }))}
      />
    </SectionCard>
  );
}

function NotFound() {
  return (
    <>
      <PageHeader title="Habit not found" subtitle="It may have been deleted." />
      <Link to="/quests/habits">All habits</Link>
    </>
  );
}

/**
 * /quests/habits/:id: one habit's statistics: its strength now and over the last 12 months, its recent
 * days to fill in, done days per week, month and year, its best streaks and its weekdays. Each chart has
 * its figures as a table.
 */
export function HabitPage() {
  const { id = '' } = useParams();
  const stats = useQuery(habitStatsQueryOptions(id));
  if (stats.isPending)
    return (
      <>
        <PageHeader title="Habit" />
        <Skeleton active />
      </>
    );
  if (stats.isError) {
    const status = stats.error instanceof HttpError ? stats.error.status : null;
    if (status === 404 || status === 400) return <NotFound />;
    return (
      <>
        <PageHeader title="Habit" />
        <Alert type="error" showIcon role="alert" title="Failed to load the habit's statistics" />
        <Button style={{ marginTop: 12 }} onClick={() => void stats.refetch()}>
          Try Again
        </Button>
      </>
    );
  }
  const data = stats.data;
  return (
    <>
      <PageHeader
        title={data.series.title}
        subtitle={`${recurrenceLabel(data.series)} · since ${dayLabel(data.series.startDate)}`}
        actions={
          <nav aria-label="Habit" style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
            <Link to="/quests/habits">All habits</Link>
            <Link to="/quests">Quest Log</Link>
          </nav>
        }
      />
      {!data.series.isActive && (
        <p>
          <Tag color="orange">Paused</Tag> Paused days do not count.
        </p>
      )}
      <div style={{ display: 'grid', gap: 16 }}>
        <Strength stats={data} />
        <RecentDays seriesId={data.series.id} today={data.today} />
        {data.measured && <TargetProgress measured={data.measured} today={data.today} />}
        <History stats={data} />
        <div style={grid}>
          <BestStreaks streaks={data.bestStreaks} />
          <WeekdayFrequency weekdays={data.weekdays} />
        </div>
      </div>
    </>
  );
}
