import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompletionType, Occurrence, Quest } from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { QUEST_READS, refresh } from '../../../lib/query-keys.ts';
import { useXpChange } from '../../../lib/use-xp-change.ts';
import { completeOccurrence } from '../api/complete-occurrence.ts';
import { recordOccurrenceAmount } from '../api/occurrence-amount.ts';
import { updateOccurrenceProgress } from '../api/occurrence-progress.ts';
import { updateQuestProgress } from '../api/quest-progress.ts';
import { toggleQuest } from '../api/toggle-quest.ts';
import { patchCaches, type CardKind } from './quest-caches.ts';
import { useCompletionToasts } from './use-completion-toasts.tsx';
import { useListActions } from './use-list-actions.ts';
import { useOfflineCheckOff } from './use-offline-check-off.ts';

/**
 * Every action of a quest or occurrence card, each with its toast: the
 * cached item takes the server's answer at once, the profile takes the XP it moved, and the quest reads,
 * overview and calendar refresh. Check-offs run even offline (networkMode 'always'): a failed one goes
 * to the offline queue, which survives a reload, instead of TanStack Query's in-memory pause.
 */
export function useQuestActions() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const applyXp = useXpChange();
  const { completed, feedback, amountSaved } = useCompletionToasts();
  const { offlineOr, toggleTarget } = useOfflineCheckOff();
  const listActions = useListActions();

  const after = (item: Quest | Occurrence, kind: CardKind, xpDelta: number) => {
    patchCaches(queryClient, item, kind);
    applyXp(xpDelta);
    void refresh(queryClient, QUEST_READS);
  };
  const progressFailed = () =>
    toast.error({ title: 'Failed to update quest', description: 'Please try again.' });

  const toggle = useMutation({
    mutationFn: toggleQuest,
    networkMode: 'always',
    onSuccess: ({ xpDelta, completionEventId, ...quest }) => {
      after(quest, 'quest', xpDelta);
      if (quest.isCompleted)
        completed(xpDelta > 0 ? xpDelta : quest.xpReward, xpDelta > 0 ? completionEventId : null);
    },
    onError: offlineOr('quest', toggleTarget, () =>
      toast.error({ title: 'Failed to update quest. Please try again.' }),
    ),
  });

  const questProgress = useMutation({
    networkMode: 'always',
    mutationFn: ({ id, type }: { id: string; type: CompletionType }) =>
      updateQuestProgress(id, type),
    onSuccess: ({ xpDelta, completionEventId, ...quest }, { type }) => {
      after(quest, 'quest', xpDelta);
      feedback(type, xpDelta > 0 ? completionEventId : null);
    },
    onError: offlineOr('quest', () => 'completed', progressFailed),
  });

  const occurrenceComplete = useMutation({
    mutationFn: completeOccurrence,
    networkMode: 'always',
    onSuccess: ({ xpDelta, completionEventId, ...occurrence }) => {
      after(occurrence, 'occurrence', xpDelta);
      completed(
        xpDelta > 0 ? xpDelta : occurrence.xpReward,
        xpDelta > 0 ? completionEventId : null,
      );
    },
    onError: offlineOr(
      'occurrence',
      () => 'completed',
      () => toast.error({ title: 'Failed to update quest occurrence. Please try again.' }),
    ),
  });

  const occurrenceProgress = useMutation({
    networkMode: 'always',
    mutationFn: ({ id, type }: { id: string; type: CompletionType }) =>
      updateOccurrenceProgress(id, type),
    onSuccess: ({ xpDelta, completionEventId, ...occurrence }, { type }) => {
      after(occurrence, 'occurrence', xpDelta);
      feedback(type, xpDelta > 0 ? completionEventId : null);
    },
    onError: offlineOr('occurrence', () => 'completed', progressFailed),
  });

  const occurrenceAmount = useMutation({
    mutationFn: ({ id, amount }: { id: string; amount: number }) =>
      recordOccurrenceAmount(id, amount),
    onSuccess: ({ xpDelta, completionEventId, ...occurrence }, { amount }) => {
      after(occurrence, 'occurrence', xpDelta);
      if (occurrence.measure)
        amountSaved(
          { ...occurrence, measure: occurrence.measure, amount },
          xpDelta,
          completionEventId,
        );
    },
    onError: () =>
      toast.error({ title: 'Failed to save the amount', description: 'Please try again.' }),
  });

  return {
    toggle,
    questProgress,
    occurrenceComplete,
    occurrenceProgress,
    occurrenceAmount,
    ...listActions,
  };
}

export type QuestActions = ReturnType<typeof useQuestActions>;
