import type { WizardRecurrence } from '@levelup/contracts';
import { Choice, Choices } from './choices.tsx';
import type { StepProps } from './step-props.ts';

const RECURRENCES: { value: WizardRecurrence; label: string; hint: string }[] = [
  { value: 'one_time', label: 'Just once', hint: 'A one-time quest' },
  { value: 'daily', label: 'Every day', hint: 'A daily recurring quest' },
  { value: 'weekly', label: 'Certain days of the week', hint: 'A weekly recurring quest' },
  { value: 'monthly', label: 'Once a month', hint: 'A monthly recurring quest' },
];

/** 'How often?': once, or a daily, weekly or monthly series. */
export function RecurrenceStep({ dispatch }: StepProps) {
  return (
    <Choices label="Recurrence">
      {RECURRENCES.map((r) => (
        <Choice
          key={r.value}
          label={r.label}
          hint={r.hint}
          onClick={() => dispatch({ type: 'chooseRecurrence', recurrence: r.value })}
        />
      ))}
    </Choices>
  );
}
