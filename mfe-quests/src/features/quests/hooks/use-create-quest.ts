import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createQuest } from '../api/create-quest.ts';
import { questsQueryKey } from '../api/quests-api.ts';

/** Creating a quest refreshes the quest list and the dashboard overview (core.md section 7, Cache refresh). */
export function useCreateQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuest,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: questsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/dashboard/overview'] }),
      ]);
    },
  });
}
