import type { GrowthPath } from '@levelup/contracts';
import { Choice, Choices } from './choices.tsx';
import type { StepProps } from './step-props.ts';

const PATHS: { value: GrowthPath; label: string; hint: string }[] = [
  { value: 'inner_growth', label: 'Inner Growth', hint: 'Mind, learning and calm' },
  { value: 'physical_growth', label: 'Physical Growth', hint: 'Body, health and energy' },
  { value: 'environment_growth', label: 'Environment Growth', hint: 'Home, work and surroundings' },
];

/** 'Choose your quest path': the growth path the quest's XP goes to. */
export function QuestPathStep({ dispatch }: StepProps) {
  return (
    <Choices label="Quest path">
      {PATHS.map((p) => (
        <Choice
          key={p.value}
          label={p.label}
          hint={p.hint}
          onClick={() => dispatch({ type: 'choosePath', growthPath: p.value })}
        />
      ))}
    </Choices>
  );
}
