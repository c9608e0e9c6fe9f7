import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@levelup/contracts';
import { readsOf, serverMessageOf, useToast } from '@levelup/web-kit';
import { addGoalProgress } from '../api/add-goal-progress.ts';
import { createGoal } from '../api/create-goal.ts';
import { deleteGoal } from '../api/delete-goal.ts';
import { linkSeries } from '../api/link-series.ts';
import { updateGoal } from '../api/update-goal.ts';

/**
 * After goal mutations every goal read is refetched: the list, and each goal's linked series, journey
 * and progress history. The planner has no error wording of its own; a failed change says what failed
 * instead of failing silently.
 */
const GOAL_READS = readsOf(
  API.listGoals,
  API.listGoalSeries,
  API.goalJourney,
  API.goalProgressHistory,
);

function useGoalMutation<I, O>(mutationFn: (input: I) => Promise<O>, failure: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ predicate: GOAL_READS }),
    onError: (error) =>
      toast.error({ title: failure, description: serverMessageOf(error, 'Please try again.') }),
  });
}

export const useCreateGoal = () => useGoalMutation(createGoal, 'Failed to create goal');
export const useUpdateGoal = () => useGoalMutation(updateGoal, 'Failed to update goal');
export const useDeleteGoal = () => useGoalMutation(deleteGoal, 'Failed to delete goal');
export const useAddGoalProgress = () => useGoalMutation(addGoalProgress, 'Failed to add XP');
export const useLinkSeries = () => useGoalMutation(linkSeries, 'Failed to link series');
