import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API,
  DELETE_KEEPS_XP_TEXT,
  SKIP_KEEPS_STREAK_TEXT,
  withCoFocusBonus,
} from '@levelup/contracts';
import { queryKeyOf, serverMessageOf, useToast } from '@levelup/web-kit';
import { QUEST_READS, refresh } from '../../../lib/query-keys.ts';
import { useXpChange } from '../../../lib/use-xp-change.ts';
import {
  coFocusBonusOf,
  deleteQuest,
  deleteSeries,
  setSeriesPaused,
  skipOccurrence,
  undoCompletion,
  updateQuest,
  updateSeries,
} from '../api/edit-api.ts';

/** What an edit, delete, skip, pause or undo refreshes: the quest reads and the goals' links. */
const EDIT_READS = [...QUEST_READS, 'goals'] as const;

/**
 * Undo of a completion (the toast's and the XP history's): the usual revoke, exactly once. The XP the
 * undo's answer says it took back moves at once; a co-focus bonus that goes back with it is asked of
 * svc-community after, and moves the XP again when it comes, so the toast can say the whole amount.
 */
export function useUndoCompletion() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const applyXp = useXpChange();
  return useMutation({
    mutationFn: undoCompletion,
    onSuccess: async (result, eventId) => {
      applyXp(result.xpDelta);
      void refresh(queryClient, QUEST_READS);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(API.xpHistory) });
      if (!result.undone) {
        toast.info({
          title: 'Nothing to undo',
          description: `${result.title} was already undone.`,
        });
        return;
      }
      const whole = withCoFocusBonus(result, await coFocusBonusOf(eventId));
      applyXp(whole.xpDelta - result.xpDelta);
      toast.success({
        title: 'Completion undone',
        description: `${result.title}: ${Math.abs(whole.xpDelta)} XP taken back.`,
      });
    },
    onError: (error) =>
      toast.error({
        title: 'Failed to update quest. Please try again.',
        description: serverMessageOf(error, '') || undefined,
      }),
  });
}

/** Edit, delete, skip, pause and resume, with their toasts; each refreshes every quest read. */
export function useQuestEditing() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const done = () => void refresh(queryClient, [...EDIT_READS]);

  const editQuest = useMutation({
    mutationFn: updateQuest,
    onSuccess: (quest) => {
      done();
      toast.success({ title: 'Quest Updated!', description: quest.title });
    },
    onError: () => toast.error({ title: 'Failed to update quest. Please try again.' }),
  });
  const removeQuest = useMutation({
    mutationFn: deleteQuest,
    onSuccess: () => {
      done();
      toast.success({ title: 'Quest Deleted', description: DELETE_KEEPS_XP_TEXT });
    },
    onError: () => toast.error({ title: 'Failed to delete quest. Please try again.' }),
  });
  const editSeries = useMutation({
    mutationFn: updateSeries,
    onSuccess: (series) => {
      done();
      toast.success({ title: 'Recurring Quest Updated!', description: series.title });
    },
    onError: (error) =>
      toast.error({
        title: 'Failed to update recurring quest. Please try again.',
        description: serverMessageOf(error, '') || undefined,
      }),
  });
  const removeSeries = useMutation({
    mutationFn: deleteSeries,
    onSuccess: () => {
      done();
      toast.success({ title: 'Recurring Quest Deleted', description: DELETE_KEEPS_XP_TEXT });
    },
    onError: () => toast.error({ title: 'Failed to delete quest. Please try again.' }),
  });
  const pause = useMutation({
    mutationFn: setSeriesPaused,
    onSuccess: (series) => {
      done();
      toast.success({
        title: series.isActive ? 'Recurring Quest Resumed' : 'Recurring Quest Paused',
        description: series.isActive
          ? `${series.title} is scheduled again from today.`
          : `${series.title} has no occurrences from tomorrow until you resume it.`,
      });
    },
    onError: () => toast.error({ title: 'Failed to update quest. Please try again.' }),
  });
  const skip = useMutation({
    mutationFn: skipOccurrence,
    onSuccess: (occurrence) => {
      done();
      toast.success({ title: `Skipped: ${occurrence.title}`, description: SKIP_KEEPS_STREAK_TEXT });
    },
    onError: () => toast.error({ title: 'Failed to update quest occurrence. Please try again.' }),
  });
  return { editQuest, removeQuest, editSeries, removeSeries, pause, skip };
}

export type QuestEditing = ReturnType<typeof useQuestEditing>;
