import { WIZARD_SUGGESTIONS } from '@levelup/contracts';
import { Choice, Choices } from './choices.tsx';
import type { StepProps } from './step-props.ts';

/** The suggested quests for the chosen feeling; picking one fills in the create step. */
export function TemplatesStep({ state, dispatch }: StepProps) {
  return (
    <Choices label="Suggestions">
      {(state.emotion ? WIZARD_SUGGESTIONS[state.emotion] : []).map((t) => (
        <Choice
          key={t.id}
          label={t.title}
          hint={`${t.description} (+${t.xpReward} XP)`}
          onClick={() => dispatch({ type: 'chooseTemplate', template: t })}
        />
      ))}
    </Choices>
  );
}
