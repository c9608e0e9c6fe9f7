import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import type { Occurrence } from '@levelup/contracts';
import { BackfillRule } from '../../../lib/backfill/backfill-rule.tsx';
import { FILL_IN_LIST } from '../../../lib/backfill/fill-in-styles.ts';
import { RoutineRow } from '../../../lib/backfill/routine-row.tsx';
import { useBackfill } from '../../../lib/backfill/use-backfill.ts';
import { habitDaysQueryOptions } from '../api/habit-days-api.ts';
import { recentDayLabel, weekdayDayLabel } from '../habit-labels.ts';
import { SectionCard } from './section-card.tsx';

/** One day of the habit: its own fill-in, so a move waits only on that day's row. */
function DayRow({ occurrence, today }: { occurrence: Occurrence; today: string }) {
  const date = occurrence.scheduledFor;
  const backfill = useBackfill(date, weekdayDayLabel(date));
  return (
    <RoutineRow
      occurrence={occurrence}
      name={recentDayLabel(date, today)}
      pending={backfill.isPending}
      onMove={(move) => backfill.mutate(move)}
    />
  );
}

/**
 * The habit's days that can still be filled in (today and the back-fill window before it, the days it
 * was scheduled), newest first, each with the three states of "How'd it go?" or its amount, as in the
 * calendar's day detail; then the rule line. A move refreshes the page's statistics (useBackfill).
 */
export function RecentDays({ seriesId, today }: { seriesId: string; today: string }) {
  const days = useQuery(habitDaysQueryOptions(seriesId, today));
  return (
    <SectionCard title="Recent days">
      {days.isPending ? (
        <div role="status" aria-label="Loading the recent days">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
      ) : days.isError ? (
        <div role="alert">
          <p style={{ margin: '0 0 6px' }}>Could not load the recent days.</p>
          <Button size="small" onClick={() => void days.refetch()}>
            Try Again
          </Button>
        </div>
      ) : days.data.length === 0 ? (
        <p style={{ margin: 0 }}>Nothing was scheduled on these days.</p>
      ) : (
        <ul aria-label="Recent days" style={FILL_IN_LIST}>
          {days.data.map((o) => (
            <DayRow key={o.id} occurrence={o} today={today} />
          ))}
        </ul>
      )}
      <BackfillRule />
    </SectionCard>
  );
}
