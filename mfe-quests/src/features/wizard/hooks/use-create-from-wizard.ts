import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotaMessageOr, useToast } from '@levelup/web-kit';
import { markOnboardingComplete } from '../../../lib/onboarding.ts';
import { refresh } from '../../../lib/query-keys.ts';
import { createFromWizard } from '../api/create-from-wizard.ts';

/**
 * Sends the wizard's submission (a quest or a recurring series). On success it refreshes the quest
 * lists, says so, marks onboarding complete and calls onCreated; on failure it explains in a toast.
 */
export function useCreateFromWizard(onCreated: () => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFromWizard,
    onSuccess: ({ kind, title }) => {
      void refresh(queryClient, [
        'quests',
        'withOccurrences',
        'grouped',
        'recurring',
        'overview',
        'calendar',
      ]);
      toast.success({
        title: kind === 'series' ? 'Recurring Quest Created!' : 'Quest Created!',
        description: `${title} is on your quest log.`,
      });
      markOnboardingComplete();
      onCreated();
    },
    onError: (error, submission) =>
      toast.error({
        title: 'Error',
        description: quotaMessageOr(
          error,
          submission.kind === 'series'
            ? 'Failed to create recurring quest. Please try again.'
            : 'Failed to create quest. Please try again.',
        ),
      }),
  });
}
