import Tag from 'antd/es/tag';
import { occurrenceBadge, type Occurrence } from '@levelup/contracts';
import { AmountForm } from '../amount-form.tsx';
import { CompletionChoices } from './completion-choices.tsx';
import { FILL_IN_ITEM, FILL_IN_ROW } from './fill-in-styles.ts';
import type { BackfillMove } from './use-backfill.ts';

/**
 * A routine's day to fill in: its badge (Done, Partial) and the three states of "How'd it go?", or the
 * day's amount for a measurable routine. `name` is what the row and its controls are called: the
 * routine's title in a day's list (the default), the day in a habit's list of days.
 */
export function RoutineRow(props: {
  occurrence: Occurrence;
  name?: string;
  pending: boolean;
  onMove: (move: BackfillMove) => void;
}) {
  const { occurrence: o, pending, onMove } = props;
  const name = props.name ?? o.title;
  const badge = occurrenceBadge(o);
  const move = { kind: 'occurrence', id: o.seriesId, title: o.title } as const;
  return (
    <li aria-label={name} style={FILL_IN_ITEM}>
      <div style={{ ...FILL_IN_ROW, justifyContent: 'space-between' }}>
        <span style={{ fontWeight: 500 }}>{name}</span>
        {badge && <Tag color={badge === 'Done' ? 'success' : 'processing'}>{badge}</Tag>}
      </div>
      {o.measure ? (
        <AmountForm
          title={name}
          measure={o.measure}
          amount={o.amount}
          weekTotal={o.weekTotal}
          pending={pending}
          onSave={(amount) => onMove({ ...move, completionType: o.completionType, amount })}
          style={{ marginTop: 6 }}
        />
      ) : (
        <CompletionChoices
          name={name}
          completionType={o.completionType}
          pending={pending}
          onChoose={(completionType) => onMove({ ...move, completionType })}
        />
      )}
    </li>
  );
}
