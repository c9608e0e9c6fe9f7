import type { TimeOfDay } from '@levelup/contracts';
import { Choice, Choices } from './choices.tsx';
import type { StepProps } from './step-props.ts';

const TIMES: { value: TimeOfDay; label: string; hint: string }[] = [
  { value: 'morning', label: 'Morning', hint: '6am-12pm' },
  { value: 'afternoon', label: 'Afternoon', hint: '12pm-6pm' },
  { value: 'evening', label: 'Evening', hint: '6pm-6am' },
  { value: 'anytime', label: 'Anytime', hint: 'Whenever it fits' },
];

/** 'What time of day?': the part of the day the quest belongs to. */
export function TimeOfDayStep({ dispatch }: StepProps) {
  return (
    <Choices label="Time of day">
      {TIMES.map((t) => (
        <Choice
          key={t.value}
          label={t.label}
          hint={t.hint}
          onClick={() => dispatch({ type: 'chooseTimeOfDay', timeOfDay: t.value })}
        />
      ))}
    </Choices>
  );
}
