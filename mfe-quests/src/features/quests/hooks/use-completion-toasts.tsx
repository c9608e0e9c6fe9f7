import { COMPLETION_FEEDBACK, type CompletionType } from '@levelup/contracts';
import Button from 'antd/es/button';
import { useToast } from '@levelup/web-kit';
import { useUndoCompletion } from './use-quest-editing.ts';

/** Toast durations: occurrence updates and quest completion 3000 ms. */
export const FEEDBACK_SECONDS = 3;
/** A completion toast that offers Undo stays a little longer, so there is time to reach the button. */
export const UNDO_SECONDS = 5;

/**
 * The options that give a completion toast its Undo: takes back exactly this completion, once (a
 * second click is a no-op). Without an event id (nothing was earned) the toast has no Undo.
 */
export function useUndoToastAction() {
  const toast = useToast();
  const undo = useUndoCompletion();
  return (eventId: string | null | undefined) => {
    if (!eventId) return {};
    const key = `completion-${eventId}`;
    return {
      key,
      duration: UNDO_SECONDS,
      actions: (
        <Button
          size="small"
          onClick={() => {
            toast.destroy(key);
            undo.mutate(eventId);
          }}
        >
          Undo
        </Button>
      ),
    };
  };
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
      toast.success({
        title: 'Quest Completed!',
        description: `You earned ${xp} XP!`,
        duration: FEEDBACK_SECONDS,
        ...undoAction(eventId),
      });
    },
    feedback(type: CompletionType, eventId?: string | null) {
      const { title, description } = COMPLETION_FEEDBACK[type];
      toast.success({
        title,
        description,
        duration: FEEDBACK_SECONDS,
        ...(type === 'not_completed' ? {} : undoAction(eventId)),
      });
    },
  };
}
