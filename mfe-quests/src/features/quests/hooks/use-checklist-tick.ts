import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ChecklistStep,
  GroupedQuestsResponse,
  Occurrence,
  Quest,
  QuestsWithOccurrencesResponse,
  Series,
} from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { QUERY_KEYS, QUEST_READS, refresh } from '../../../lib/query-keys.ts';
import { useXpChange } from '../../../lib/use-xp-change.ts';
import {
  tickOccurrenceChecklistStep,
  tickQuestChecklistStep,
  type ChecklistTickInput,
} from '../api/tick-checklist-step.ts';
import type { CardKind } from './quest-caches.ts';
import { useCompletionToasts } from './use-completion-toasts.tsx';

type StepsChange = (steps: readonly ChecklistStep[]) => ChecklistStep[];

/**
 * Where the steps of one kind of item are ticked and cached: the call, the reads holding the item, and
 * how a change reaches each of them (`steps` changes the cached steps; `answer`, the server's item, is
 * merged into reads that hold whole items).
 */
interface TickTarget<Answer extends { id: string; checklist: ChecklistStep[] }> {
  send: (
    input: ChecklistTickInput,
  ) => Promise<Answer & { xpDelta: number; completionEventId?: string | null }>;
  reads: readonly (readonly string[])[];
  change: (queryClient: QueryClient, id: string, steps: StepsChange, answer?: Answer) => void;
}

/** Each cached item with this id, changed; other items and anything that is not a list stay. */
function swap<T extends { id: string }>(list: T[], id: string, change: (item: T) => T): T[] {
  return list.map((item) => (item.id === id ? change(item) : item));
}

const questTick: TickTarget<Quest> = {
  send: tickQuestChecklistStep,
  reads: [QUERY_KEYS.quests, QUERY_KEYS.grouped, QUERY_KEYS.withOccurrences],
  change(queryClient, id, steps, answer) {
    const change = (quest: Quest): Quest => ({
      ...quest,
      ...answer,
      checklist: steps(quest.checklist),
    });
    queryClient.setQueriesData<Quest[]>({ queryKey: QUERY_KEYS.quests }, (list) =>
      Array.isArray(list) ? swap(list, id, change) : list,
    );
    queryClient.setQueriesData<GroupedQuestsResponse>({ queryKey: QUERY_KEYS.grouped }, (data) =>
      data ? { ...data, regularQuests: swap(data.regularQuests, id, change) } : data,
    );
    queryClient.setQueriesData<QuestsWithOccurrencesResponse>(
      { queryKey: QUERY_KEYS.withOccurrences },
      (data) => (data ? { ...data, quests: swap(data.quests, id, change) } : data),
    );
  },
};

/**
 * A routine's day is held whole by the day's reads, and as today's or yesterday's summary by the
 * routines' reads (the Quest Log's cards), where only its steps change here: a tick that completes the
 * day refreshes those reads.
 */
const occurrenceTick: TickTarget<Occurrence> = {
  send: tickOccurrenceChecklistStep,
  reads: [QUERY_KEYS.withOccurrences, QUERY_KEYS.occurrences, QUERY_KEYS.recurring],
  change(queryClient, id, steps, answer) {
    const change = (occurrence: Occurrence): Occurrence => ({
      ...occurrence,
      ...answer,
      checklist: steps(occurrence.checklist),
    });
    const summaries = (series: Series): Series => {
      const inSummary = (summary: Series['todaysOccurrence']) =>
        summary?.id === id ? { ...summary, checklist: steps(summary.checklist ?? []) } : summary;
      return {
        ...series,
        todaysOccurrence: inSummary(series.todaysOccurrence),
        yesterdaysOccurrence: inSummary(series.yesterdaysOccurrence),
      };
    };
    queryClient.setQueriesData<QuestsWithOccurrencesResponse>(
      { queryKey: QUERY_KEYS.withOccurrences },
      (data) => (data ? { ...data, occurrences: swap(data.occurrences, id, change) } : data),
    );
    queryClient.setQueriesData<Occurrence[]>({ queryKey: QUERY_KEYS.occurrences }, (list) =>
      Array.isArray(list) ? swap(list, id, change) : list,
    );
    queryClient.setQueriesData<Series[]>({ queryKey: QUERY_KEYS.recurring }, (list) =>
      Array.isArray(list) ? list.map(summaries) : list,
    );
  },
};

const TARGETS: { quest: TickTarget<Quest>; occurrence: TickTarget<Occurrence> } = {
  quest: questTick,
  occurrence: occurrenceTick,
};

/** Only this step changes, so a rollback leaves other steps' ticks (still in flight) alone. */
const withStep =
  (stepId: string, done: boolean): StepsChange =>
  (steps) =>
    steps.map((s) => (s.id === stepId ? { ...s, done } : s));

/**
 * Ticking a step of a quest or of a routine's day (`kind`): the card shows it at once (every cached
 * read of the item), the server's answer replaces it, and a failure puts that step back and says so. A
 * tick that completed the quest or the day moves the XP and refreshes the quest reads, as the Complete
 * button does.
 */
export function useChecklistTick(kind: CardKind) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const applyXp = useXpChange();
  const { completed } = useCompletionToasts();
  const target = TARGETS[kind] as TickTarget<Quest | Occurrence>;
  // The ticks in flight of one kind share a key: while another is pending, its step keeps what the
  // card shows.
  const mutationKey = ['tickChecklistStep', kind];
  return useMutation({
    mutationKey,
    mutationFn: target.send,
    onMutate: async ({ id, stepId, done }) => {
      await Promise.all(target.reads.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      target.change(queryClient, id, withStep(stepId, done));
    },
    onError: (_error, { id, stepId, done }) => {
      target.change(queryClient, id, withStep(stepId, !done));
      toast.error({ title: 'Failed to update the step', description: 'Please try again.' });
    },
    onSuccess: (result) => {
      const { xpDelta, completionEventId, ...item } = result;
      // This tick is still counted as pending here: more than one means others are in flight.
      const othersInFlight = queryClient.isMutating({ mutationKey }) > 1;
      target.change(
        queryClient,
        item.id,
        (cached) => (othersInFlight ? [...cached] : item.checklist),
        item,
      );
      if (xpDelta === 0) return;
      applyXp(xpDelta);
      void refresh(queryClient, QUEST_READS);
      completed(xpDelta, completionEventId);
    },
  });
}
