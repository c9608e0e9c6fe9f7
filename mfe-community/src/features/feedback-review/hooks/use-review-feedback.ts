import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOf, useToast } from '@levelup/web-kit';
import { feedbackQueryKey } from '../api/get-feedback.ts';
import { reviewFeedback } from '../api/review-feedback.ts';

/** Mark as Reviewed / un-review; the list and the counts refresh after. */
export function useReviewFeedback() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: reviewFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackQueryKey }),
    onError: (error) =>
      toast.error({
        title: 'Could not update the feedback',
        description: serverMessageOf(error, 'Please try again.'),
      }),
  });
}
