import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import type { MonthlyBy } from '@levelup/contracts';
import type { StepProps } from '../step-props.ts';
import { WEEKDAYS } from '../weekdays.ts';

type Repeating = 'daily' | 'weekly' | 'monthly';

const UNIT: Record<Repeating, [string, string]> = {
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
};
const monthlyByOptions = [
  { value: 'day_of_month', label: 'On the same date' },
  { value: 'weekday', label: 'On the same weekday (e.g. 2nd Tuesday)' },
];

/** 'Repeats every day from today.', 'Repeats every 3 days from today.', 'Repeats every 2 weeks on Tuesday.' */
function repeatsText(recurrence: Repeating, n: number, days: string[]): string {
  const [one, many] = UNIT[recurrence];
  const every = n === 1 ? `every ${one}` : `every ${n} ${many}`;
  if (recurrence === 'weekly') return `Repeats ${every} on ${days.join(', ')}.`;
  return `Repeats ${every} from today.`;
}

/** A series' interval (and, monthly, which day of the month), with the sentence it makes. */
export function RepeatFields({
  state,
  dispatch,
  recurrence,
}: StepProps & { recurrence: Repeating }) {
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <label style={{ display: 'grid', gap: 4 }}>
          <span>Repeat every</span>
          <InputNumber
            min={1}
            max={52}
            value={state.recurrenceInterval}
            aria-label={`Repeat every (${UNIT[recurrence][1]})`}
            suffix={UNIT[recurrence][state.recurrenceInterval === 1 ? 0 : 1]}
            style={{ width: '100%' }}
            onChange={(v) =>
              typeof v === 'number' && dispatch({ type: 'setRecurrenceInterval', interval: v })
            }
          />
        </label>
        {recurrence === 'monthly' && (
          <label style={{ display: 'grid', gap: 4 }}>
            <span id="wizard-monthly-by">Each month</span>
            <Select
              aria-labelledby="wizard-monthly-by"
              value={state.monthlyBy}
              options={monthlyByOptions}
              onChange={(monthlyBy: MonthlyBy) => dispatch({ type: 'setMonthlyBy', monthlyBy })}
            />
          </label>
        )}
      </div>
      <p style={{ margin: 0, fontSize: 13, opacity: 0.8 }}>
        {repeatsText(
          recurrence,
          state.recurrenceInterval,
          state.weeklyDays.map((d) => WEEKDAYS[d]!),
        )}
      </p>
    </div>
  );
}
