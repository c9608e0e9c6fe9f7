import { useEffect, useReducer } from 'react';
import {
  WIZARD_RESET_DELAY_MS,
  initialQuestWizardState,
  questWizardReducer,
} from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';

/**
 * The wizard's state under the contracts' questWizardReducer: it resets a moment after the dialog
 * closes (so the closing animation still shows the last step), and every notice the reducer raises
 * (such as no weekday chosen) is shown as an error toast.
 */
export function useQuestWizard(open: boolean) {
  const [state, dispatch] = useReducer(questWizardReducer, undefined, initialQuestWizardState);
  const toast = useToast();

  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => dispatch({ type: 'reset' }), WIZARD_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    if (state.notice)
      toast.error({ title: state.notice.title, description: state.notice.description });
  }, [state.notice, toast]);

  return [state, dispatch] as const;
}
