import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@levelup/web-kit';
import { checkUnlocks } from '../api/check-unlocks.ts';
import { talentProgressQueryOptions } from '../api/get-talent-progress.ts';

/** How long the unlock toast stays (talent toast 5 s). */
export const TALENT_TOAST_SECONDS = 5;

/**
 * Check for Unlocks: 'New Talent Unlocked!' listing the unlocked titles for 5 s, or the
 * destructive 'Failed to check for talent unlocks'. The progress is read again either way.
 */
export function useCheckUnlocks(titleOf: (nodeKey: string) => string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: checkUnlocks,
    onSuccess: ({ newlyUnlocked }) => {
      // A check that unlocks nothing says so instead of doing nothing visible.
      if (newlyUnlocked.length === 0)
        toast.info({
          title: 'No new talents yet',
          description: 'Keep completing quests in your paths!',
          duration: TALENT_TOAST_SECONDS,
        });
      else
        toast.success({
          title: 'New Talent Unlocked!',
          description: newlyUnlocked.map((n) => n.title ?? titleOf(n.nodeKey)).join(', '),
          duration: TALENT_TOAST_SECONDS,
        });
    },
    onError: () =>
      toast.error({ title: 'Failed to check for talent unlocks', duration: TALENT_TOAST_SECONDS }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: talentProgressQueryOptions.queryKey }),
  });
}
