import type { QuestCardHandlers } from '../components/quest-card.tsx';
import { useManage } from '../components/quest-manager.tsx';
import { useQuestActions } from './use-quest-actions.tsx';

/** The card handlers wired to the quest and occurrence calls. */
export function useCardHandlers(): QuestCardHandlers & {
  actions: ReturnType<typeof useQuestActions>;
} {
  const actions = useQuestActions();
  const manage = useManage();
  const {
    toggle,
    questProgress,
    occurrenceComplete,
    occurrenceProgress,
    occurrenceAmount,
    hide,
    unhide,
    snooze,
  } = actions;
  const pending = [
    toggle,
    occurrenceComplete,
    questProgress,
    occurrenceProgress,
    occurrenceAmount,
  ].find((m) => m.isPending);
  const pendingId = pending
    ? typeof pending.variables === 'string'
      ? pending.variables
      : (pending.variables as { id: string } | undefined)?.id
    : null;
  return {
    actions,
    pendingId,
    onComplete: (item, done) => {
      if (item.kind === 'quest') {
        // A partial quest gets the rest with a progress move; toggle would take it back instead.
        if (item.completionType === 'partial')
          questProgress.mutate({ id: item.id, type: 'completed' }, { onSuccess: done });
        else toggle.mutate(item.id, { onSuccess: done });
      } else occurrenceComplete.mutate(item.id, { onSuccess: done });
    },
    onProgress: (item, type) =>
      (item.kind === 'quest' ? questProgress : occurrenceProgress).mutate({ id: item.id, type }),
    onAmount: (item, amount) => occurrenceAmount.mutate({ id: item.id, amount }),
    onSnooze: (item) => snooze.mutate(item.id),
    onHide: (item) => hide.mutate(item.id),
    onUnhide: (item) => unhide.mutate(item.id),
    ...(manage ? { onManage: manage } : {}),
  };
}
