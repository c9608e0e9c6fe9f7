import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOf, useToast } from '@levelup/web-kit';
import { addGoalProgress } from '../api/add-goal-progress.ts';
import { createGoal } from '../api/create-goal.ts';
import { deleteGoal } from '../api/delete-goal.ts';
import { GOALS_QUERY_KEY } from '../api/get-goals.ts';
import { linkSeries } from '../api/link-series.ts';
import { updateGoal } from '../api/update-goal.ts';

/**
 * After goal mutations the goal list is refetched; after a link, the linked series and journey too
 * (section 7). Every goal read's key starts with '/api/goals', so one prefix refreshes them all. The spec
 * shows no error wording for the planner (section 8); a failed change says what failed instead of
 * failing silently.
 */
function useGoalMutation<I, O>(mutationFn: (input: I) => Promise<O>, failure: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GOALS_QUERY_KEY }),
    onError: (error) =>
      toast.error({ title: failure, description: serverMessageOf(error, 'Please try again.') }),
  });
}

export const useCreateGoal = () => useGoalMutation(createGoal, 'Failed to create goal');
export const useUpdateGoal = () => useGoalMutation(updateGoal, 'Failed to update goal');
export const useDeleteGoal = () => useGoalMutation(deleteGoal, 'Failed to delete goal');
export const useAddGoalProgress = () => useGoalMutation(addGoalProgress, 'Failed to add XP');
export const useLinkSeries = () => useGoalMutation(linkSeries, 'Failed to link series');
