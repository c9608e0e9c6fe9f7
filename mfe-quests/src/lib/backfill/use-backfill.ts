import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompletionType } from '@levelup/contracts';
import { serverMessageOf, useToast } from '@levelup/web-kit';
import { QUEST_READS, refresh } from '../query-keys.ts';
import { backfillOccurrence, backfillOccurrenceAmount } from './backfill-occurrence.ts';
import { backfillQuest } from './backfill-quest.ts';

export interface BackfillMove {
  kind: 'occurrence' | 'quest';
  /** The series' id for a routine, the quest's id for a one-time quest. */
  id: string;
  title: string;
  completionType: CompletionType;
  /** A measurable routine's amount for the day: sent instead of the completion state. */
  amount?: number;
}

const xpText = (xp: number) => (xp > 0 ? `+${xp} XP` : `${xp} XP`);

/**
 * Fills in a past day (`date`) for a routine or a one-time quest, then refreshes what it touches: the
 * quest reads, overview (streak), calendar, the day's detail, the habit statistics and the profile's XP.
 * The calendar's day detail and a habit's page both fill in through it.
 */
export function useBackfill(date: string, dayLabel: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (move: BackfillMove): Promise<{ xpDelta: number }> =>
      move.kind === 'quest'
        ? backfillQuest(move.id, date, move.completionType)
        : move.amount === undefined
          ? backfillOccurrence(move.id, date, move.completionType)
          : backfillOccurrenceAmount(move.id, date, move.amount),
    onSuccess: (result, move) => {
      void refresh(queryClient, QUEST_READS, true);
      if (result.xpDelta === 0 && move.amount === undefined) return;
      toast.success({
        title: `${move.title} filled in for ${dayLabel}`,
        description: result.xpDelta === 0 ? 'Amount saved' : xpText(result.xpDelta),
      });
    },
    onError: (error) =>
      toast.error({
        title: 'Could not fill in this day',
        description: serverMessageOf(error, 'Please try again.'),
      }),
  });
}
