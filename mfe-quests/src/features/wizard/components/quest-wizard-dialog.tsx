import { Suspense, useEffect } from 'react';
import Modal from 'antd/es/modal';
import { WIZARD_STEP_TITLES } from '@levelup/contracts';
import { LoadingBlock } from '../../../lib/loading-block.tsx';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { useCreateFromWizard } from '../hooks/use-create-from-wizard.ts';
import { useQuestWizard } from '../hooks/use-quest-wizard.ts';
import { preloadCreateStep, WIZARD_STEP_COMPONENTS } from './steps/index.ts';
import { WizardFooter } from './wizard-footer.tsx';

/**
 * The quest creation wizard (steps and titles, flow and Back rules, weekly days). Every transition
 * is the contracts' questWizardReducer; this dialog only renders the current step (one component per
 * step, under steps/) and sends the contracts' wizardSubmission. Closing resets after 300 ms.
 */
export default function QuestWizardDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const [state, dispatch] = useQuestWizard(open);
  const { now, timeZone } = useUserDay();
  const create = useCreateFromWizard(() => {
    dispatch({ type: 'reset' });
    onClose();
  });
  const Step = WIZARD_STEP_COMPONENTS[state.step];
  const pastFirstStep = state.step !== 'intent';
  useEffect(() => {
    if (pastFirstStep) preloadCreateStep();
  }, [pastFirstStep]);

  return (
    <Modal
      open={open}
      title={WIZARD_STEP_TITLES[state.step]}
      onCancel={onClose}
      footer={
        <WizardFooter
          state={state}
          dispatch={dispatch}
          creating={create.isPending}
          onCreate={(submission) => create.mutate(submission)}
        />
      }
      width={520}
    >
      <Suspense fallback={<LoadingBlock />}>
        <Step state={state} dispatch={dispatch} now={now} timeZone={timeZone} />
      </Suspense>
    </Modal>
  );
}
