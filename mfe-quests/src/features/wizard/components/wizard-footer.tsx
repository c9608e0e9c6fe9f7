import Button from 'antd/es/button';
import { wizardCanContinue, wizardSubmission, type WizardSubmission } from '@levelup/contracts';
import type { StepProps } from './steps/index.ts';

/**
 * Back (once there is a step to go back to), and the step's forward button: Continue on the
 * weekday step, Create Quest on the last one.
 */
export function WizardFooter({
  state,
  dispatch,
  creating,
  onCreate,
}: Pick<StepProps, 'state' | 'dispatch'> & {
  creating: boolean;
  onCreate: (submission: WizardSubmission) => void;
}) {
  const canContinue = wizardCanContinue(state);
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <span>
        {state.history.length > 0 && (
          <Button onClick={() => dispatch({ type: 'back' })}>Back</Button>
        )}
      </span>
      {state.step === 'weekly_days' && (
        // aria-disabled rather than disabled: the button stays focusable and a press explains why
        // (the 'Select at least one day' toast).
        <Button
          type="primary"
          aria-disabled={!canContinue}
          style={canContinue ? undefined : { opacity: 0.5, cursor: 'not-allowed' }}
          onClick={() => dispatch({ type: 'confirmWeeklyDays' })}
        >
          Continue
        </Button>
      )}
      {state.step === 'create' && (
        <Button
          type="primary"
          disabled={!canContinue}
          loading={creating}
          onClick={() => onCreate(wizardSubmission(state))}
        >
          Create Quest
        </Button>
      )}
    </div>
  );
}
