import { useEffect, useState, type CSSProperties } from 'react';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import {
  MEASURE_MAX,
  amountProgress,
  measureLabel,
  periodOf,
  type Measure,
} from '@levelup/contracts';

/**
 * What the amount field is called and what follows it. A per-week target shows the week's total, so
 * its field says it takes the day's own amount ("Amount for the day in km", "km this day").
 */
function entryWords(measure: Measure, title: string) {
  if (periodOf(measure) === 'day')
    return { label: `Amount in ${measure.unit}: ${title}`, suffix: measure.unit };
  return {
    label: `Amount for the day in ${measure.unit}: ${title}`,
    suffix: `${measure.unit} this day`,
  };
}

/**
 * A measurable routine's day: its target, the amount entered so far (for a per-week target, the week's
 * total from Monday to this day), and a field to enter the day's own amount (the server decides what it
 * counts as). The quest card and the calendar's day detail both use it, so a day is entered the same
 * way today and when filled in later.
 */
export function AmountForm({
  title,
  measure,
  amount,
  weekTotal,
  pending,
  onSave,
  style,
}: {
  title: string;
  measure: Measure;
  /** The amount the day holds now (null before one is entered). */
  amount: number | null | undefined;
  /** A per-week target's total from Monday to this day. */
  weekTotal?: number | null;
  pending: boolean;
  onSave: (amount: number) => void;
  style?: CSSProperties;
}) {
  const [value, setValue] = useState<number | null>(amount ?? null);
  const words = entryWords(measure, title);
  // A saved amount (or an Undo that forgot it) is what the field shows next.
  useEffect(() => setValue(amount ?? null), [amount]);
  return (
    <form
      aria-label={`Amount for ${title}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (value !== null) onSave(value);
      }}
      style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap', ...style }}
    >
      <span style={{ fontSize: 13, opacity: 0.8 }}>
        {measureLabel(measure)} · <strong>{amountProgress(measure, amount, weekTotal)}</strong>
      </span>
      <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
        <InputNumber
          size="small"
          min={0}
          max={MEASURE_MAX}
          value={value}
          onChange={(next) => setValue(typeof next === 'number' ? next : null)}
          aria-label={words.label}
          style={{ width: 96 }}
        />
        <span style={{ fontSize: 13 }}>{words.suffix}</span>
        <Button
          size="small"
          type="primary"
          htmlType="submit"
          loading={pending}
          disabled={pending || value === null}
          aria-label={`Save amount: ${title}`}
        >
          Save
        </Button>
      </span>
    </form>
  );
}
