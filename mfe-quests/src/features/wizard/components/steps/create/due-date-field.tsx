import Button from 'antd/es/button';
import { localDate, shortDate, type DuePreset } from '@levelup/contracts';
import type { StepProps } from '../step-props.ts';
import { nativeInputStyle } from './native-input-style.ts';

const PRESETS: { preset: DuePreset; label: string }[] = [
  { preset: 'today', label: 'Today' },
  { preset: 'tomorrow', label: 'Tomorrow' },
  { preset: 'next_week', label: 'Next Week' },
];

/** A one-time quest's due date: the chosen day, quick presets, a custom date and Clear. */
export function DueDateField({ state, dispatch, now, timeZone }: StepProps) {
  return (
    <div style={{ display: 'grid', gap: 6 }}>
      <span id="wizard-due">
        Due date: {state.dueDate ? shortDate(localDate(new Date(state.dueDate), timeZone)) : 'none'}
      </span>
      <div
        role="group"
        aria-labelledby="wizard-due"
        style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}
      >
        {PRESETS.map(({ preset, label }) => (
          <Button
            key={preset}
            size="small"
            onClick={() => dispatch({ type: 'setDuePreset', preset, now, timeZone })}
          >
            {label}
          </Button>
        ))}
        <input
          type="date"
          aria-label="Custom due date"
          onChange={(e) =>
            e.target.value && dispatch({ type: 'setCustomDueDate', date: e.target.value, timeZone })
          }
          style={nativeInputStyle('0 6px')}
        />
        <Button
          size="small"
          disabled={!state.dueDate}
          onClick={() => dispatch({ type: 'clearDueDate' })}
        >
          Clear
        </Button>
      </div>
    </div>
  );
}
