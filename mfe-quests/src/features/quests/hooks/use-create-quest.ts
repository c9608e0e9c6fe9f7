import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refresh } from '../../../lib/query-keys.ts';
import { createQuest } from '../api/create-quest.ts';

/** Creating a quest refreshes the quest reads, the overview and the calendar. */
export function useCreateQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuest,
    onSuccess: () =>
      refresh(queryClient, ['quests', 'withOccurrences', 'grouped', 'overview', 'calendar']),
  });
}
