import Button from 'antd/es/button';
import type { StepProps } from './step-props.ts';
import { WEEKDAYS } from './weekdays.ts';

/** 'Which days?': one toggle per weekday; the dialog's Continue confirms them. */
export function WeeklyDaysStep({ state, dispatch }: StepProps) {
  return (
    <div role="group" aria-label="Weekdays" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {WEEKDAYS.map((name, day) => {
        const on = state.weeklyDays.includes(day);
        return (
          <Button
            key={name}
            type={on ? 'primary' : 'default'}
            aria-pressed={on}
            aria-label={name}
            onClick={() => dispatch({ type: 'toggleWeekday', day })}
          >
            {name.slice(0, 3)}
          </Button>
        );
      })}
    </div>
  );
}
