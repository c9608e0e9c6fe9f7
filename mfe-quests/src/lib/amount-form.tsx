import { useEffect, useState, type CSSProperties } from 'react';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import { MEASURE_MAX, amountProgress, measureLabel, type Measure } from '@levelup/contracts';

/**
 * A measurable routine's day: its target, the amount entered so far, and a field to enter the day's
 * amount (the server decides what it counts as). The quest card and the calendar's day detail both
 * use it, so a day is entered the same way today and when filled in later.
 */
export function AmountForm({
  title,
  measure,
  amount,
  pending,
  onSave,
  style,
}: {
  title: string;
  measure: Measure;
  /** The amount the day holds now (null before one is entered). */
  amount: number | null | undefined;
  pending: boolean;
  onSave: (amount: number) => void;
  style?: CSSProperties;
}) {
  const [value, setValue] = useState<number | null>(amount ?? null);
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
        {measureLabel(measure)} · <strong>{amountProgress(measure, amount)}</strong>
      </span>
      <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
        <InputNumber
          size="small"
          min={0}
          max={MEASURE_MAX}
          value={value}
          onChange={(next) => setValue(typeof next === 'number' ? next : null)}
          aria-label={`Amount in ${measure.unit}: ${title}`}
          style={{ width: 96 }}
        />
        <span style={{ fontSize: 13 }}>{measure.unit}</span>
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
