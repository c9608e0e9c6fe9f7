import { canPickScheduledTime, isRecurringChoice } from '@levelup/contracts';
import { DueDateField } from './create/due-date-field.tsx';
import { MeasureFields } from './create/measure-fields.tsx';
import { QuestTextFields } from './create/quest-text-fields.tsx';
import { RepeatFields } from './create/repeat-fields.tsx';
import { RewardFields } from './create/reward-fields.tsx';
import { ScheduledTimeField } from './create/scheduled-time-field.tsx';
import { TagsField } from './create/tags-field.tsx';
import type { StepProps } from './step-props.ts';

/**
 * "Let's create your quest!": the quest's words and reward, then how a series repeats or, for a
 * one-time quest, its due date and (when the contracts allow it) today's scheduled time.
 */
export function CreateStep(props: StepProps) {
  const { state } = props;
  const recurring = isRecurringChoice(state.recurrence);
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <QuestTextFields {...props} />
      <RewardFields {...props} />
      {recurring && state.recurrence !== 'one_time' && state.recurrence !== null ? (
        <>
          <RepeatFields {...props} recurrence={state.recurrence} />
          <MeasureFields {...props} />
        </>
      ) : (
        <DueDateField {...props} />
      )}
      {!recurring && canPickScheduledTime(state) && <ScheduledTimeField {...props} />}
      <TagsField {...props} />
    </div>
  );
}
