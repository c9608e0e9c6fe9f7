import {
  MEASURE_STATS_DAYS,
  amountProgress,
  formatAmount,
  measureLabel,
  measuredCompletion,
  type MeasureStats,
} from '@levelup/contracts';
import { dayLabel, shortDayLabel } from '../habit-labels.ts';
import { ChartPanel, FiguresTable } from './chart-panel.tsx';
import { SectionCard } from './section-card.tsx';

/**
 * A measurable habit's target progress: how many of the last 30 days with an amount kept the target,
 * the average, and each day's amount as bars (with its table).
 */
export function TargetProgress({ measured }: { measured: MeasureStats }) {
  const { measure, days } = measured;
  const kept = (amount: number) => measuredCompletion(measure, amount) === 'completed';
  return (
    <SectionCard title="Target">
      <p style={{ margin: '0 0 4px' }}>
        <strong>{measureLabel(measure)}</strong>
      </p>
      <p style={{ margin: '0 0 12px', fontSize: 13, opacity: 0.8 }}>
        {measured.entered === 0
          ? `No amount entered in the last ${MEASURE_STATS_DAYS} days.${
              measured.last
                ? ` The last one: ${formatAmount(measured.last.amount)} ${measure.unit} on ${dayLabel(measured.last.date)}.`
                : ''
            }`
          : `Last ${MEASURE_STATS_DAYS} days: target kept on ${measured.kept} of ${measured.entered} days with an amount; ${formatAmount(measured.average ?? 0)} ${measure.unit} a day on average.`}
      </p>
      {days.length > 0 && (
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
      )}
    </SectionCard>
  );
}
