import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOf, useToast } from '@levelup/web-kit';
import { QUEST_READS, refresh } from '../../../lib/query-keys.ts';
import { clearCompleted } from '../api/clear-completed.ts';
import { hideOccurrence } from '../api/hide-occurrence.ts';
import { snoozeQuest } from '../api/snooze-quest.ts';
import { unhideOccurrence } from '../api/unhide-occurrence.ts';
import { patchCaches } from './quest-caches.ts';

/** Hiding or un-hiding an occurrence: the quest reads refresh and a toast says where it went. */
function useVisibilityChange(
  mutationFn: (id: string) => Promise<unknown>,
  title: string,
  description: string,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void refresh(queryClient, QUEST_READS);
      toast.success({ title, description });
    },
    onError: () => toast.error({ title: 'Failed to update quest occurrence. Please try again.' }),
  });
}

/** The card actions that move an item on or off the dashboard without checking it off. */
export function useListActions() {
  const queryClient = useQueryClient();
  const toast = useToast();

  const hide = useVisibilityChange(hideOccurrence, 'Quest Removed', 'Hidden from your dashboard.');
  const unhide = useVisibilityChange(unhideOccurrence, 'Quest Restored', 'Back on your dashboard.');

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

  return { hide, unhide, snooze, clear };
}
