import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  GroupedQuestsResponse,
  Quest,
  QuestsWithOccurrencesResponse,
} from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { QUERY_KEYS, QUEST_READS, refresh } from '../../../lib/query-keys.ts';
import { useXpChange } from '../../../lib/use-xp-change.ts';
import { tickChecklistStep } from '../api/tick-checklist-step.ts';
import { useCompletionToasts } from './use-completion-toasts.tsx';

type QuestChange = (quest: Quest) => Quest;

/** The ticks in flight share this key: while another is pending, its step keeps what the card shows. */
const TICK_KEY = ['tickChecklistStep'] as const;

/** Applies a change to the quest with this id in every cached read that holds it. */
function changeCachedQuest(queryClient: QueryClient, questId: string, change: QuestChange) {
  const swap = (list: Quest[]) => list.map((q) => (q.id === questId ? change(q) : q));
  queryClient.setQueriesData<Quest[]>({ queryKey: QUERY_KEYS.quests }, (list) =>
    Array.isArray(list) ? swap(list) : list,
  );
  queryClient.setQueriesData<GroupedQuestsResponse>({ queryKey: QUERY_KEYS.grouped }, (data) =>
    data ? { ...data, regularQuests: swap(data.regularQuests) } : data,
  );
  queryClient.setQueriesData<QuestsWithOccurrencesResponse>(
    { queryKey: QUERY_KEYS.withOccurrences },
    (data) => (data ? { ...data, quests: swap(data.quests) } : data),
  );
}

/** Only this step changes, so a rollback leaves other steps' ticks (still in flight) alone. */
const withStep =
  (stepId: string, done: boolean): QuestChange =>
  (quest) => ({
    ...quest,
    checklist: quest.checklist.map((s) => (s.id === stepId ? { ...s, done } : s)),
  });

/**
 * Ticking a step: the card shows it at once (every cached read of the quest), the server's answer
 * replaces it, and a failure puts that step back and says so. A tick that completed the quest moves
 * the XP and refreshes the quest reads, as the Complete button does.
 */
export function useChecklistTick() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const applyXp = useXpChange();
  const { completed } = useCompletionToasts();
  return useMutation({
    mutationKey: TICK_KEY,
    mutationFn: tickChecklistStep,
    onMutate: async ({ questId, stepId, done }) => {
      await Promise.all(
        [QUERY_KEYS.quests, QUERY_KEYS.grouped, QUERY_KEYS.withOccurrences].map((queryKey) =>
          queryClient.cancelQueries({ queryKey }),
        ),
      );
      changeCachedQuest(queryClient, questId, withStep(stepId, done));
    },
    onError: (_error, { questId, stepId, done }) => {
      changeCachedQuest(queryClient, questId, withStep(stepId, !done));
      toast.error({ title: 'Failed to update the step', description: 'Please try again.' });
    },
    onSuccess: (result) => {
      const { xpDelta, completionEventId, ...quest } = result;
      // This tick is still counted as pending here: more than one means others are in flight.
      const othersInFlight = queryClient.isMutating({ mutationKey: TICK_KEY }) > 1;
      changeCachedQuest(queryClient, quest.id, (cached) => ({
        ...cached,
        ...quest,
        checklist: othersInFlight ? cached.checklist : quest.checklist,
      }));
      if (xpDelta === 0) return;
      applyXp(xpDelta);
      void refresh(queryClient, QUEST_READS);
      completed(xpDelta, completionEventId);
    },
  });
}
