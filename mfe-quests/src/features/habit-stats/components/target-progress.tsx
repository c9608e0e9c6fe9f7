import {
  MEASURE_STATS_DAYS,
  MEASURE_STATS_WEEKS,
  amountProgress,
  formatAmount,
  measureLabel,
  measuredCompletion,
  type Measure,
  type MeasuredWeek,
  type MeasureStats,
} from '@levelup/contracts';
import { dayLabel, shortDayLabel } from '../habit-labels.ts';
import { ChartPanel, FiguresTable } from './chart-panel.tsx';
import { SectionCard } from './section-card.tsx';

const note = { margin: '0 0 12px', fontSize: 13, opacity: 0.8 } as const;

/** An average as a sentence gives it: one decimal ("24.3"), the amounts themselves keep theirs. */
const averageText = (average: number | null) => formatAmount(Math.round((average ?? 0) * 10) / 10);

/** "No amount entered in the last 30 days. The last one: 4 km on 2 Mar 2025." */
function nothingEntered({ measure, last }: MeasureStats, span: string): string {
  const lastOne = last
    ? ` The last one: ${formatAmount(last.amount)} ${measure.unit} on ${dayLabel(last.date)}.`
    : '';
  return `No amount entered in the last ${span}.${lastOne}`;
}

/** Each day's amount of the last 30 days as bars, with its table. */
function DayAmounts({ measure, days }: Pick<MeasureStats, 'measure' | 'days'>) {
  const kept = (amount: number) => measuredCompletion(measure, amount) === 'completed';
  return (
    <ChartPanel
      tableName="Amounts"
      chart={{
        kind: 'bars',
        labels: days.map((d) => shortDayLabel(d.date)),
        values: days.map((d) => d.amount),
        formatY: (v) => formatAmount(v),
        description: `${measure.unit} on each day with an amount in the last ${MEASURE_STATS_DAYS} days; the target is ${formatAmount(measure.target)}.`,
      }}
      table={
        <FiguresTable
          caption={`Amounts of the last ${MEASURE_STATS_DAYS} days`}
          rowKey={(d) => d.date}
          rows={[...days].reverse()}
          columns={[
            { title: 'Day', value: (d) => dayLabel(d.date) },
            { title: 'Amount', value: (d) => amountProgress(measure, d.amount), numeric: true },
            { title: 'Target', value: (d) => (kept(d.amount) ? 'Kept' : 'Missed') },
          ]}
        />
      }
    />
  );
}

/** A per-week target's weeks: each week's total as bars, with its table. */
function WeekTotals({ measure, weeks }: { measure: Measure; weeks: readonly MeasuredWeek[] }) {
  const total = (w: MeasuredWeek) =>
    `${formatAmount(w.total)} / ${formatAmount(measure.target)} ${measure.unit}`;
  return (
    <ChartPanel
      tableName="Week totals"
      chart={{
        kind: 'bars',
        labels: weeks.map((w) => shortDayLabel(w.start)),
        values: weeks.map((w) => w.total),
        formatY: (v) => formatAmount(v),
        description: `${measure.unit} in each week with an amount in the last ${MEASURE_STATS_WEEKS} weeks, by the Monday it starts on; the target is ${formatAmount(measure.target)} a week.`,
      }}
      table={
        <FiguresTable
          caption={`Week totals of the last ${MEASURE_STATS_WEEKS} weeks`}
          rowKey={(w) => w.start}
          rows={[...weeks].reverse()}
          columns={[
            { title: 'Week of', value: (w) => dayLabel(w.start) },
            { title: 'Total', value: total, numeric: true },
            { title: 'Target', value: (w) => (w.kept ? 'Kept' : 'Missed') },
          ]}
        />
      }
    />
  );
}

/**
 * A measurable habit's target progress: how many of the last 30 days with an amount kept the target,
 * the average, and each day's amount as bars (with its table); a per-week target the same by weeks,
 * over the last 12.
 */
export function TargetProgress({ measured }: { measured: MeasureStats }) {
  const { measure, days, weeks } = measured;
  const unit = measure.unit;
  const summary = weeks
    ? measured.entered === 0
      ? nothingEntered(measured, `${MEASURE_STATS_WEEKS} weeks`)
      : `Last ${MEASURE_STATS_WEEKS} weeks: target kept in ${measured.kept} of ${measured.entered} weeks with an amount; ${averageText(measured.average)} ${unit} a week on average.`
    : measured.entered === 0
      ? nothingEntered(measured, `${MEASURE_STATS_DAYS} days`)
      : `Last ${MEASURE_STATS_DAYS} days: target kept on ${measured.kept} of ${measured.entered} days with an amount; ${averageText(measured.average)} ${unit} a day on average.`;
  return (
    <SectionCard title="Target">
      <p style={{ margin: '0 0 4px' }}>
        <strong>{measureLabel(measure)}</strong>
      </p>
      <p style={note}>{summary}</p>
      {weeks
        ? weeks.length > 0 && <WeekTotals measure={measure} weeks={weeks} />
        : days.length > 0 && <DayAmounts measure={measure} days={days} />}
    </SectionCard>
  );
}
