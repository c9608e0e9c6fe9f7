import { WIZARD_INTENTS } from '@levelup/contracts';
import { Choice, Choices } from './choices.tsx';
import type { StepProps } from './step-props.ts';

/** 'What brings you here today?': the intent decides the wizard's path. */
export function IntentStep({ dispatch }: StepProps) {
  return (
    <Choices label="Intent">
      {WIZARD_INTENTS.map((intent) => (
        <Choice
          key={intent.value}
          label={intent.label}
          onClick={() => dispatch({ type: 'chooseIntent', intent: intent.value })}
        />
      ))}
    </Choices>
  );
}
