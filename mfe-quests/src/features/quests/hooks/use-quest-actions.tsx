import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  type CompletionType,
  type GroupedQuestsResponse,
  type Occurrence,
  type Quest,
  type QuestsWithOccurrencesResponse,
} from '@levelup/contracts';
import { isOfflineError, offlineQueue, serverMessageOf, useToast } from '@levelup/web-kit';
import { QUERY_KEYS, QUEST_READS, refresh } from '../../../lib/query-keys.ts';
import { useXpChange } from '../../../lib/use-xp-change.ts';
import { clearCompleted } from '../api/clear-completed.ts';
import { completeOccurrence } from '../api/complete-occurrence.ts';
import { hideOccurrence } from '../api/hide-occurrence.ts';
import { updateOccurrenceProgress } from '../api/occurrence-progress.ts';
import { updateQuestProgress } from '../api/quest-progress.ts';
import { snoozeQuest } from '../api/snooze-quest.ts';
import { toggleQuest } from '../api/toggle-quest.ts';
import { unhideOccurrence } from '../api/unhide-occurrence.ts';
import { FEEDBACK_SECONDS, useCompletionToasts } from './use-completion-toasts.tsx';

/** Puts the server's answer into every cached read that holds the item, before the refetch lands. */
function patchCaches(
  queryClient: QueryClient,
  item: Quest | Occurrence,
  kind: 'quest' | 'occurrence',
) {
  const swap = <T extends { id: string }>(list: T[]) =>
    list.map((x) => (x.id === item.id ? ({ ...x, ...item } as T) : x));
  if (kind === 'quest') {
    queryClient.setQueryData<Quest[]>(QUERY_KEYS.quests, (list) => list && swap(list));
    queryClient.setQueriesData<GroupedQuestsResponse>({ queryKey: QUERY_KEYS.grouped }, (data) =>
      data ? { ...data, regularQuests: swap(data.regularQuests) } : data,
    );
  }
  queryClient.setQueriesData<QuestsWithOccurrencesResponse>(
    { queryKey: QUERY_KEYS.withOccurrences },
    (data) =>
      data
        ? kind === 'quest'
          ? { ...data, quests: swap(data.quests) }
          : { ...data, occurrences: swap(data.occurrences) }
        : data,
  );
}

/** The cached quest or occurrence with this id, from whichever read holds it. */
function findCached(
  queryClient: QueryClient,
  kind: 'quest' | 'occurrence',
  id: string,
): (Quest | Occurrence) | undefined {
  if (kind === 'quest') {
    const fromList = queryClient.getQueryData<Quest[]>(QUERY_KEYS.quests)?.find((q) => q.id === id);
    if (fromList) return fromList;
  }
  for (const [, data] of queryClient.getQueriesData<QuestsWithOccurrencesResponse>({
    queryKey: QUERY_KEYS.withOccurrences,
  })) {
    const list: (Quest | Occurrence)[] =
      kind === 'quest' ? (data?.quests ?? []) : (data?.occurrences ?? []);
    const found = list.find((x) => x.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every action of a quest or occurrence card, each with its toast: the
 * cached item takes the server's answer at once, the profile takes the XP it moved, and the quest reads,
 * overview and calendar refresh.
 */
export function useQuestActions() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const applyXp = useXpChange();

  const after = (item: Quest | Occurrence, kind: 'quest' | 'occurrence', xpDelta: number) => {
    patchCaches(queryClient, item, kind);
    applyXp(xpDelta);
    void refresh(queryClient, QUEST_READS);
  };

  const { completed, feedback } = useCompletionToasts();

  const progressFailed = () =>
    toast.error({ title: 'Failed to update quest', description: 'Please try again.' });

  /**
   * Without a connection a check-off is kept in the browser and sent when it returns. It is
   * queued as a move to its target state (the progress call), never as a toggle, so sending it again
   * cannot flip it back or award XP twice; the card shows the new state at once, the XP follows on sync.
   */
  const saveOffline = async (kind: 'quest' | 'occurrence', id: string, type: CompletionType) => {
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
    (kind: 'quest' | 'occurrence', target: (id: string) => CompletionType, otherwise: () => void) =>
    (error: unknown, variables: string | { id: string; type: CompletionType }) => {
      const id = typeof variables === 'string' ? variables : variables.id;
      const type = typeof variables === 'string' ? target(id) : variables.type;
      if (isOfflineError(error)) void saveOffline(kind, id, type);
      else otherwise();
    };
  const toggleTarget = (id: string): CompletionType =>
    findCached(queryClient, 'quest', id)?.isCompleted ? 'not_completed' : 'completed';

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
    // Run even offline: a failed check-off goes to the offline queue (saveOffline), which survives a
    // reload, instead of TanStack Query's in-memory pause.
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
    // Run even offline: a failed check-off goes to the offline queue (saveOffline), which survives a
    // reload, instead of TanStack Query's in-memory pause.
    networkMode: 'always',
    mutationFn: ({ id, type }: { id: string; type: CompletionType }) =>
      updateOccurrenceProgress(id, type),
    onSuccess: ({ xpDelta, completionEventId, ...occurrence }, { type }) => {
      after(occurrence, 'occurrence', xpDelta);
      feedback(type, xpDelta > 0 ? completionEventId : null);
    },
    onError: offlineOr('occurrence', () => 'completed', progressFailed),
  });

  const hide = useMutation({
    mutationFn: hideOccurrence,
    onSuccess: () => {
      void refresh(queryClient, QUEST_READS);
      toast.success({ title: 'Quest Removed', description: 'Hidden from your dashboard.' });
    },
    onError: () => toast.error({ title: 'Failed to update quest occurrence. Please try again.' }),
  });

  const unhide = useMutation({
    mutationFn: unhideOccurrence,
    onSuccess: () => {
      void refresh(queryClient, QUEST_READS);
      toast.success({ title: 'Quest Restored', description: 'Back on your dashboard.' });
    },
    onError: () => toast.error({ title: 'Failed to update quest occurrence. Please try again.' }),
  });

  const snooze = useMutation({
    mutationFn: snoozeQuest,
    onSuccess: (quest) => {
      patchCaches(queryClient, quest, 'quest');
      void refresh(queryClient, QUEST_READS);
      toast.success({ title: 'Quest Updated!', description: 'Snoozed until tomorrow.' });
    },
    onError: (error) =>
      toast.error({ title: 'Error', description: serverMessageOf(error, String(error)) }),
  });

  const clear = useMutation({
    mutationFn: clearCompleted,
    onSuccess: ({ clearedCount }) => {
      void refresh(queryClient, QUEST_READS);
      toast.success({
        title: 'Cleared Completed Quests',
        description: `${clearedCount} completed quest(s) removed from dashboard.`,
      });
    },
    onError: (error) =>
      toast.error({ title: serverMessageOf(error, 'Failed to clear completed quests') }),
  });

  return {
    toggle,
    questProgress,
    occurrenceComplete,
    occurrenceProgress,
    hide,
    unhide,
    snooze,
    clear,
  };
}

export type QuestActions = ReturnType<typeof useQuestActions>;
