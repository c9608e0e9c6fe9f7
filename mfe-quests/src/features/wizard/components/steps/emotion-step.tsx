import { WIZARD_EMOTIONS } from '@levelup/contracts';
import { Choice, Choices } from './choices.tsx';
import type { StepProps } from './step-props.ts';

/** The feeling that picks which suggestions the next step offers. */
export function EmotionStep({ dispatch }: StepProps) {
  return (
    <Choices label="Feeling">
      {WIZARD_EMOTIONS.map((e) => (
        <Choice
          key={e.value}
          label={e.label}
          onClick={() => dispatch({ type: 'chooseEmotion', emotion: e.value })}
        />
      ))}
    </Choices>
  );
}
