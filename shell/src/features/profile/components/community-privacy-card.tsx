import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  SHARE_COMPLETIONS_CHOICES,
  SHARE_COMPLETIONS_LABEL,
  SHARE_COMPLETIONS_OPTION_HELP,
  SHARE_COMPLETIONS_OPTION_LABELS,
  type ShareCompletions,
} from '@levelup/contracts';
import { call, queryKeyOf, queryOf, serverMessageOf, useToast } from '@levelup/web-kit';

/**
 * 'Community Privacy': what the community sees of the user's completions (Community Achievements and
 * the rooms); saved as soon as a choice is picked.
 */
export function CommunityPrivacyCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = queryKeyOf(API.getCommunityPrivacy);
  const state = useQuery(queryOf(API.getCommunityPrivacy));
  const save = useMutation({
    mutationFn: async (shareCompletions: ShareCompletions) =>
      await call(API.updateCommunityPrivacy, { body: { shareCompletions } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(API.communityFeed) });
      toast.success({
        title: 'Privacy saved',
        description: `${SHARE_COMPLETIONS_LABEL}: ${SHARE_COMPLETIONS_OPTION_LABELS[saved.shareCompletions]}.`,
      });
    },
    onError: (error) =>
      toast.error({
        title: 'Failed to save your privacy choice. Please try again.',
        description: serverMessageOf(error, '') || undefined,
      }),
  });
  const current = save.isPending ? save.variables : state.data?.shareCompletions;
  return (
    <Card
      role="region"
      aria-labelledby="community-privacy-title"
      title={
        <h2 id="community-privacy-title" style={{ margin: 0, fontSize: 18 }}>
          Community Privacy
        </h2>
      }
    >
      {state.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : state.isError ? (
        <Alert type="error" showIcon title="Failed to load your privacy choice" />
      ) : (
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8, padding: 0 }}>
            {SHARE_COMPLETIONS_LABEL}
          </legend>
          <Radio.Group
            value={current}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.target.value as ShareCompletions)}
            style={{ display: 'grid', gap: 12 }}
          >
            {SHARE_COMPLETIONS_CHOICES.map((choice) => (
              <Radio key={choice} value={choice} aria-describedby={`share-help-${choice}`}>
                <strong>{SHARE_COMPLETIONS_OPTION_LABELS[choice]}</strong>
                <span id={`share-help-${choice}`} style={{ display: 'block', fontSize: 13 }}>
                  {SHARE_COMPLETIONS_OPTION_HELP[choice]}
                </span>
              </Radio>
            ))}
          </Radio.Group>
        </fieldset>
      )}
    </Card>
  );
}
