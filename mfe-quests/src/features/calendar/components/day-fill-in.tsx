import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { occurrenceBadge, type Quest } from '@levelup/contracts';
import { BackfillRule } from '../../../lib/backfill/backfill-rule.tsx';
import { CompletionChoices } from '../../../lib/backfill/completion-choices.tsx';
import { FILL_IN_ITEM, FILL_IN_LIST, FILL_IN_ROW } from '../../../lib/backfill/fill-in-styles.ts';
import { RoutineRow } from '../../../lib/backfill/routine-row.tsx';
import { useBackfill, type BackfillMove } from '../../../lib/backfill/use-backfill.ts';
import { dayActivityQueryOptions } from '../api/day-activity-api.ts';

/** A one-time quest of the day: the same three states as a routine (Kinda Sorta earns half). */
function QuestRow(props: { quest: Quest; pending: boolean; onMove: (move: BackfillMove) => void }) {
  const { quest: q, pending, onMove } = props;
  const badge = occurrenceBadge(q);
  return (
    <li aria-label={q.title} style={FILL_IN_ITEM}>
      <div style={{ ...FILL_IN_ROW, justifyContent: 'space-between' }}>
        <span style={{ fontWeight: 500 }}>{q.title}</span>
        {badge && <Tag color={badge === 'Done' ? 'success' : 'processing'}>{badge}</Tag>}
      </div>
      <CompletionChoices
        name={q.title}
        completionType={q.completionType}
        pending={pending}
        onChoose={(completionType) =>
          onMove({ kind: 'quest', id: q.id, title: q.title, completionType })
        }
      />
    </li>
  );
}

/**
 * A day within the back-fill window: each routine scheduled that day and each one-time quest of that
 * day with the three states of "How'd it go?" (a measurable routine with its amount), and the rule line.
 */
export function DayFillIn({ date, dayLabel }: { date: string; dayLabel: string }) {
  const day = useQuery(dayActivityQueryOptions(date));
  const backfill = useBackfill(date, dayLabel);
  const onMove = (move: BackfillMove) => backfill.mutate(move);

  if (day.isPending)
    return (
      <div role="status" aria-label="Loading the day's quests">
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  if (day.isError)
    return (
      <div role="alert" style={{ marginTop: 8 }}>
        <p style={{ margin: '0 0 6px' }}>Could not load this day&apos;s quests.</p>
        <Button size="small" onClick={() => void day.refetch()}>
          Try Again
        </Button>
      </div>
    );
  const { occurrences, quests } = day.data;
  return (
    <div style={{ marginTop: 10, display: 'grid', gap: 8 }}>
      {occurrences.length === 0 && quests.length === 0 && (
        <p style={{ margin: 0 }}>Nothing was scheduled on this day.</p>
      )}
      {occurrences.length > 0 && (
        <ul aria-label={`Routines on ${dayLabel}`} style={FILL_IN_LIST}>
          {occurrences.map((o) => (
            <RoutineRow key={o.id} occurrence={o} pending={backfill.isPending} onMove={onMove} />
          ))}
        </ul>
      )}
      {quests.length > 0 && (
        <ul aria-label={`Quests on ${dayLabel}`} style={FILL_IN_LIST}>
          {quests.map((q) => (
            <QuestRow key={q.id} quest={q} pending={backfill.isPending} onMove={onMove} />
          ))}
        </ul>
      )}
      <BackfillRule />
    </div>
  );
}
