import {
  MEASURE_PERIOD_LABELS,
  MEASURE_STATS_DAYS,
  MEASURE_STATS_WEEKS,
  amountProgress,
  formatAmount,
  measureLabel,
  measuredCompletion,
  startOfIsoWeek,
  type Measure,
  type MeasurePeriod,
  type MeasureStats,
} from '@levelup/contracts';
import { dayLabel, shortDayLabel } from '../habit-labels.ts';
import { ChartPanel, FiguresTable } from './chart-panel.tsx';
import { SectionCard } from './section-card.tsx';

/** One bar: a day's amount, or a week's total by its Monday, and whether it kept the target. */
interface Bar {
  date: string;
  amount: number;
  kept: boolean;
  /** This week, not over yet: a total under an at-least target is not yet missed. */
  open?: boolean;
}

/** How the Target section speaks of what it counts by: days (the last 30), weeks (the last 12). */
interface PeriodWords {
  count: number;
  plural: string;
  /** "kept on 1 of 2 days", "kept in 1 of 2 weeks". */
  keptIn: string;
  tableName: string;
  dateColumn: string;
  amountColumn: string;
  describe: (measure: Measure) => string;
  amountText: (measure: Measure, amount: number) => string;
}

const PERIOD_WORDS: Readonly<Record<MeasurePeriod, PeriodWords>> = {
  day: {
    count: MEASURE_STATS_DAYS,
    plural: 'days',
    keptIn: 'on',
    tableName: 'Amounts',
    dateColumn: 'Day',
    amountColumn: 'Amount',
    describe: (m) =>
      `${m.unit} on each day with an amount in the last ${MEASURE_STATS_DAYS} days; the target is ${formatAmount(m.target)}.`,
    amountText: (m, amount) => amountProgress(m, amount),
  },
  week: {
    count: MEASURE_STATS_WEEKS,
    plural: 'weeks',
    keptIn: 'in',
    tableName: 'Week totals',
    dateColumn: 'Week of',
    amountColumn: 'Total',
    describe: (m) =>
      `${m.unit} in each week with an amount in the last ${MEASURE_STATS_WEEKS} weeks, by the Monday it starts on; the target is ${formatAmount(m.target)} a week.`,
    // A past week's total: amountProgress would add "this week".
    amountText: (m, total) => `${formatAmount(total)} / ${formatAmount(m.target)} ${m.unit}`,
  },
};

/** An average as a sentence gives it: one decimal ("24.3"), the amounts themselves keep theirs. */
const averageText = (average: number | null) => formatAmount(Math.round((average ?? 0) * 10) / 10);

/**
 * "Last 30 days: target kept on 1 of 2 days with an amount; 18.5 pages a day on average.", or with
 * none entered, "No amount entered in the last 30 days. The last one: 4 km on 2 Mar 2025."
 */
function summaryOf(measured: MeasureStats, period: MeasurePeriod): string {
  const { measure, entered, kept, average, last } = measured;
  const words = PERIOD_WORDS[period];
  const span = `${words.count} ${words.plural}`;
  if (entered === 0) {
    const lastOne = last
      ? ` The last one: ${formatAmount(last.amount)} ${measure.unit} on ${dayLabel(last.date)}.`
      : '';
    return `No amount entered in the last ${span}.${lastOne}`;
  }
  return `Last ${span}: target kept ${words.keptIn} ${kept} of ${entered} ${words.plural} with an amount; ${averageText(average)} ${measure.unit} ${MEASURE_PERIOD_LABELS[period]} on average.`;
}

/** Each day's amount (or each week's total) as bars, with its table. */
function AmountBars({
  measure,
  period,
  bars,
}: {
  measure: Measure;
  period: MeasurePeriod;
  bars: readonly Bar[];
}) {
  const words = PERIOD_WORDS[period];
  return (
    <ChartPanel
      tableName={words.tableName}
      chart={{
        kind: 'bars',
        labels: bars.map((b) => shortDayLabel(b.date)),
        values: bars.map((b) => b.amount),
        formatY: (v) => formatAmount(v),
        description: words.describe(measure),
      }}
      table={
        <FiguresTable
          caption={`${words.tableName} of the last ${words.count} ${words.plural}`}
          rowKey={(b) => b.date}
          rows={[...bars].reverse()}
          columns={[
            { title: words.dateColumn, value: (b) => dayLabel(b.date) },
            {
              title: words.amountColumn,
              value: (b) => words.amountText(measure, b.amount),
              numeric: true,
            },
            {
              title: 'Target',
              value: (b) => (b.kept ? 'Kept' : b.open ? 'Not yet' : 'Missed'),
            },
          ]}
        />
      }
    />
  );
}

/**
 * A measurable habit's target progress: how many of the last 30 days with an amount kept the target,
 * the average, and each day's amount as bars (with its table); a per-week target the same by weeks,
 * over the last 12, this week (not over on `today`) "Not yet" rather than missed.
 */
export function TargetProgress({ measured, today }: { measured: MeasureStats; today: string }) {
  const { measure, days, weeks } = measured;
  const thisWeek = startOfIsoWeek(today);
  // A per-week target's statistics carry its weeks: the bars are then the weeks' totals.
  const period: MeasurePeriod = weeks ? 'week' : 'day';
  const bars: Bar[] = weeks
    ? weeks.map((w) => ({
        date: w.start,
        amount: w.total,
        kept: w.kept,
        open: w.start === thisWeek,
      }))
    : days.map((d) => ({
        date: d.date,
        amount: d.amount,
        kept: measuredCompletion(measure, d.amount) === 'completed',
      }));
  return (
    <SectionCard title="Target">
      <p style={{ margin: '0 0 4px' }}>
        <strong>{measureLabel(measure)}</strong>
      </p>
      <p style={{ margin: '0 0 12px', fontSize: 13, opacity: 0.8 }}>
        {summaryOf(measured, period)}
      </p>
      {bars.length > 0 && <AmountBars measure={measure} period={period} bars={bars} />}
    </SectionCard>
  );
}
