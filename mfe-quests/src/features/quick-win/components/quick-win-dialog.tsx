import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useQuickWin } from '../hooks/use-quick-win.ts';
import { QuickWinPicker } from './quick-win-picker.tsx';
import { BreathingStep, FeedbackStep, MakeDailyStep, PrepareStep } from './quick-win-steps.tsx';

/**
 * Quick Win: a selector of the three templates, then a detail
 * with the guided breathing demo (prepare, 7 s breathing, feedback, make-it-daily prompt); the quest is
 * then created and, if partial or full, completed. Tier by level from the contracts.
 */
export default function QuickWinDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const win = useQuickWin(onClose);
  const { template, step, busy } = win;

  let content;
  if (!template) content = <QuickWinPicker onPick={win.setTemplate} />;
  else if (step === 'prepare')
    content = (
      <PrepareStep
        template={template}
        context={win.context}
        onContext={win.setContext}
        onStart={win.setStep}
      />
    );
  else if (step === 'breathing') content = <BreathingStep elapsed={win.elapsed} />;
  else if (step === 'feedback') content = <FeedbackStep busy={busy} onChoose={win.chooseOutcome} />;
  else content = <MakeDailyStep busy={busy} onAnswer={win.makeDaily} />;

  return (
    <Modal
      open={open}
      title={template ? template.title : 'Quick Win'}
      onCancel={win.close}
      footer={
        template && step === 'prepare' ? (
          <Button onClick={() => win.setTemplate(null)}>Back</Button>
        ) : null
      }
      destroyOnHidden
    >
      {content}
    </Modal>
  );
}
