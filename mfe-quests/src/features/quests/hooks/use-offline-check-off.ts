import { useQueryClient } from '@tanstack/react-query';
import type { CompletionType, Quest } from '@levelup/contracts';
import { isOfflineError, offlineQueue, useToast } from '@levelup/web-kit';
import { FEEDBACK_SECONDS } from './use-completion-toasts.tsx';
import { findCached, patchCaches, type CardKind } from './quest-caches.ts';

/** What a check-off's error handler is given: a quest id (toggle, complete) or an id and its target. */
type CheckOffVariables = string | { id: string; type: CompletionType };

/**
 * The error side of every check-off: without a connection the move is kept in the browser and sent
 * when it returns; any other failure gets the caller's error toast.
 */
export function useOfflineCheckOff() {
  const queryClient = useQueryClient();
  const toast = useToast();

  /**
   * Without a connection a check-off is kept in the browser and sent when it returns. It is
   * queued as a move to its target state (the progress call), never as a toggle, so sending it again
   * cannot flip it back or award XP twice; the card shows the new state at once, the XP follows on sync.
   */
  const saveOffline = async (kind: CardKind, id: string, type: CompletionType) => {
    const cached = findCached(queryClient, kind, id);
    await offlineQueue().enqueueCall(
      kind === 'quest' ? 'updateQuestProgress' : 'updateOccurrenceProgress',
      { params: { id }, body: { completionType: type, progressNotes: null } },
      `${cached?.title ?? 'A quest'}: ${type.replace('_', ' ')}`,
    );
    if (cached)
      patchCaches(
        queryClient,
        { ...cached, isCompleted: type === 'completed', completionType: type } as Quest,
        kind,
      );
    toast.info({
      title: "You're offline",
      description: 'Saved on this device; it will be sent when you are back online.',
      duration: FEEDBACK_SECONDS,
    });
  };
  /** Queues the move when the failure was the connection; otherwise the usual error toast. */
  const offlineOr =
    (kind: CardKind, target: (id: string) => CompletionType, otherwise: () => void) =>
    (error: unknown, variables: CheckOffVariables) => {
      const id = typeof variables === 'string' ? variables : variables.id;
      const type = typeof variables === 'string' ? target(id) : variables.type;
      if (isOfflineError(error)) void saveOffline(kind, id, type);
      else otherwise();
    };
  const toggleTarget = (id: string): CompletionType =>
    findCached(queryClient, 'quest', id)?.isCompleted ? 'not_completed' : 'completed';

  return { offlineOr, toggleTarget };
}
