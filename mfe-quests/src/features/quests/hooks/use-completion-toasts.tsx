import {
  COMPLETION_CHOICE_LABELS,
  COMPLETION_FEEDBACK,
  amountProgress,
  type CompletionType,
  type Measure,
} from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { showToast, undoOptions } from '../../../lib/undo-toast.tsx';
import { useUndoCompletion } from './use-quest-editing.ts';

/** Toast durations: occurrence updates and quest completion 3000 ms. */
export const FEEDBACK_SECONDS = 3;

/**
 * The options that give a completion toast its Undo: takes back exactly this completion, once. Without
 * an event id (nothing was earned) the toast has no Undo.
 */
function useUndoToastAction() {
  const toast = useToast();
  const undo = useUndoCompletion();
  return (eventId: string | null | undefined) =>
    eventId ? undoOptions(toast, `completion-${eventId}`, () => undo.mutate(eventId)) : {};
}

/**
 * The toasts of a completion: 'Quest Completed!' with the XP earned, or the feedback of a completion
 * type ('Kinda Sorta' and the rest), each with Undo when it earned something.
 */
export function useCompletionToasts() {
  const toast = useToast();
  const undoAction = useUndoToastAction();
  return {
    completed(xp: number, eventId?: string | null) {
      showToast(toast, {
        title: 'Quest Completed!',
        description: `You earned ${xp} XP!`,
        duration: FEEDBACK_SECONDS,
        ...undoAction(eventId),
      });
    },
    feedback(type: CompletionType, eventId?: string | null) {
      const { title, description } = COMPLETION_FEEDBACK[type];
      showToast(toast, {
        title,
        description,
        duration: FEEDBACK_SECONDS,
        ...(type === 'not_completed' ? {} : undoAction(eventId)),
      });
    },
    /** A measurable day's amount saved: what it counts as and the XP it moved, Undo when it earned. */
    amountSaved(
      saved: {
        measure: Measure;
        amount: number;
        /** A per-week day's total from Monday, which the toast shows in place of the day's amount. */
        weekTotal?: number | null;
        completionType: CompletionType;
      },
      xpDelta: number,
      eventId?: string | null,
    ) {
      const countsAs =
        saved.completionType === 'not_completed'
          ? 'Not done for today.'
          : `Counts as ${COMPLETION_CHOICE_LABELS[saved.completionType]}.`;
      const xp =
        xpDelta > 0
          ? ` You earned ${xpDelta} XP!`
          : xpDelta < 0
            ? ` ${-xpDelta} XP taken back.`
            : '';
      showToast(toast, {
        title: `Amount saved: ${amountProgress(saved.measure, saved.amount, saved.weekTotal)}`,
        description: `${countsAs}${xp}`,
        duration: FEEDBACK_SECONDS,
        ...(xpDelta > 0 ? undoAction(eventId) : {}),
      });
    },
  };
}
