import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import {
  BACKFILL_RULE,
  COMPLETION_CHOICE_LABELS,
  occurrenceBadge,
  type CompletionType,
  type Occurrence,
  type Quest,
} from '@levelup/contracts';
import { AmountForm } from '../../../lib/amount-form.tsx';
import { dayActivityQueryOptions } from '../api/day-activity-api.ts';
import { useBackfill, type BackfillMove } from '../hooks/use-backfill.ts';

const CHOICES: CompletionType[] = ['not_completed', 'partial', 'completed'];
const ROW = { display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' } as const;
const LIST = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 } as const;
const ITEM = {
  padding: 8,
  borderRadius: 8,
  border: '1px solid rgba(128, 128, 128, 0.25)',
} as const;

/** The rule line under every past day's detail: which days can still be filled in. */
export function BackfillRule() {
  return <p style={{ margin: '8px 0 0', fontSize: 13, opacity: 0.85 }}>{BACKFILL_RULE}</p>;
}

const done = (o: Occurrence, type: CompletionType) =>
  type !== 'not_completed' && o.completionType === type;

function RoutineRow(props: {
  occurrence: Occurrence;
  pending: boolean;
  onMove: (move: BackfillMove) => void;
}) {
  const { occurrence: o, pending, onMove } = props;
  const badge = occurrenceBadge(o);
  return (
    <li aria-label={o.title} style={ITEM}>
      <div style={{ ...ROW, justifyContent: 'space-between' }}>
        <span style={{ fontWeight: 500 }}>{o.title}</span>
        {badge && <Tag color={badge === 'Done' ? 'success' : 'processing'}>{badge}</Tag>}
      </div>
      {o.measure ? (
        <AmountForm
          title={o.title}
          measure={o.measure}
          amount={o.amount}
          pending={pending}
          onSave={(amount) =>
            onMove({
              kind: 'occurrence',
              id: o.seriesId,
              title: o.title,
              completionType: o.completionType,
              amount,
            })
          }
          style={{ marginTop: 6 }}
        />
      ) : (
        <div role="group" aria-label={`How'd it go? ${o.title}`} style={{ ...ROW, marginTop: 6 }}>
          {CHOICES.map((type) => (
            <Button
              key={type}
              size="small"
              // Only a done state shows as chosen: not completed is also where an untouched day starts.
              type={done(o, type) ? 'primary' : 'default'}
              aria-pressed={done(o, type)}
              disabled={pending}
              onClick={() =>
                onMove({ kind: 'occurrence', id: o.seriesId, title: o.title, completionType: type })
              }
            >
              {COMPLETION_CHOICE_LABELS[type]}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}

function QuestRow(props: { quest: Quest; pending: boolean; onMove: (move: BackfillMove) => void }) {
  const { quest: q, pending, onMove } = props;
  const move = (completionType: CompletionType) =>
    onMove({ kind: 'quest', id: q.id, title: q.title, completionType });
  return (
    <li aria-label={q.title} style={{ ...ITEM, ...ROW, justifyContent: 'space-between' }}>
      <span style={{ fontWeight: 500 }}>{q.title}</span>
      {q.isCompleted ? (
        <Button
          size="small"
          aria-label={`Undo: ${q.title}`}
          disabled={pending}
          onClick={() => move('not_completed')}
        >
          Undo
        </Button>
      ) : (
        <Button
          size="small"
          type="primary"
          aria-label={`Complete quest: ${q.title}`}
          disabled={pending}
          onClick={() => move('completed')}
        >
          Complete
        </Button>
      )}
    </li>
  );
}

/**
 * A day within the back-fill window: each routine scheduled that day with the three states of "How'd
 * it go?", each one-time quest of that day with Complete / Undo, and the rule line.
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
        <ul aria-label={`Routines on ${dayLabel}`} style={LIST}>
          {occurrences.map((o) => (
            <RoutineRow key={o.id} occurrence={o} pending={backfill.isPending} onMove={onMove} />
          ))}
        </ul>
      )}
      {quests.length > 0 && (
        <ul aria-label={`Quests on ${dayLabel}`} style={LIST}>
          {quests.map((q) => (
            <QuestRow key={q.id} quest={q} pending={backfill.isPending} onMove={onMove} />
          ))}
        </ul>
      )}
      <BackfillRule />
    </div>
  );
}
