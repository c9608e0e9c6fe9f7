import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import { MEASURE_MAX, amountProgress, measureLabel, type Measure } from '@levelup/contracts';
import type { CardItem } from './card-item.ts';

/**
 * A measurable day's amount on its card, in place of Complete and "How'd it go?": the target, what is
 * entered so far, and a field to enter the day's amount (the server decides what it counts as).
 */
export function MeasureEntry({
  item,
  measure,
  pending,
  onAmount,
}: {
  item: CardItem;
  measure: Measure;
  pending: boolean;
  onAmount: (item: CardItem, amount: number) => void;
}) {
  const [value, setValue] = useState<number | null>(item.amount ?? null);
  // A saved amount (or an Undo that forgot it) is what the field shows next.
  useEffect(() => setValue(item.amount ?? null), [item.amount]);
  return (
    <form
      aria-label={`Amount for ${item.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (value !== null) onAmount(item, value);
      }}
      style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap', marginTop: 8 }}
    >
      <span style={{ fontSize: 13, opacity: 0.8 }}>
        {measureLabel(measure)} · <strong>{amountProgress(measure, item.amount)}</strong>
      </span>
      <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
        <InputNumber
          size="small"
          min={0}
          max={MEASURE_MAX}
          value={value}
          onChange={(next) => setValue(typeof next === 'number' ? next : null)}
          aria-label={`Amount in ${measure.unit}: ${item.title}`}
          style={{ width: 96 }}
        />
        <span style={{ fontSize: 13 }}>{measure.unit}</span>
        <Button
          size="small"
          type="primary"
          htmlType="submit"
          loading={pending}
          disabled={pending || value === null}
          aria-label={`Save amount: ${item.title}`}
        >
          Save
        </Button>
      </span>
    </form>
  );
}
