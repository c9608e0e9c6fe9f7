import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Statistic from 'antd/es/statistic';
import { splitFeedback } from '@levelup/contracts';
import { HttpError, PageHeader } from '@levelup/web-kit';
import { feedbackCountsQueryOptions } from '../api/get-feedback-counts.ts';
import { feedbackQueryOptions } from '../api/get-feedback.ts';
import { NewFeedbackCard, ReviewedFeedbackCard } from './feedback-card.tsx';
import { NotAllowed } from './not-allowed.tsx';

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} style={{ marginBottom: 32 }}>
      <h2 style={{ fontSize: 20 }}>{title}</h2>
      {empty ? <p>{empty}</p> : <div style={{ display: 'grid', gap: 12 }}>{children}</div>}
    </section>
  );
}

/**
 * /admin/feedback ('Beta Feedback'): counts, New Feedback and
 * Reviewed Feedback, then the community's Reported Posts. The server decides who is an admin: a member's 403 shows the not-allowed page.
 */
/** `reportedPosts`: the reported-posts section the app composes in below the feedback (admins only). */
export function FeedbackReviewPage({ reportedPosts }: { reportedPosts?: ReactNode }) {
  const feedback = useQuery(feedbackQueryOptions);
  const counts = useQuery({ ...feedbackCountsQueryOptions, enabled: feedback.isSuccess });

  if (feedback.error instanceof HttpError && feedback.error.status === 403) return <NotAllowed />;

  const { fresh, reviewed } = splitFeedback(feedback.data ?? []);
  const newCount = counts.data?.new ?? fresh.length;
  const reviewedCount = counts.data?.reviewed ?? reviewed.length;
  return (
    <>
      <PageHeader title="Beta Feedback" subtitle="What members tell us about the early access" />
      {feedback.isPending ? (
        <p role="status">Loading feedback...</p>
      ) : feedback.isError ? (
        <div role="alert">
          <p>Failed to load feedback</p>
          <Button onClick={() => void feedback.refetch()}>Retry</Button>
        </div>
      ) : (
        <>
          <div style={{ display: 'flex', gap: 16, marginBottom: 24, flexWrap: 'wrap' }}>
            <Card size="small" style={{ minWidth: 140 }}>
              <Statistic title="New" value={newCount} />
            </Card>
            <Card size="small" style={{ minWidth: 140 }}>
              <Statistic title="Reviewed" value={reviewedCount} />
            </Card>
          </div>
          {feedback.data.length === 0 ? (
            <Card>
              <p style={{ margin: 0, textAlign: 'center' }}>No feedback yet</p>
            </Card>
          ) : (
            <>
              <Section title="New Feedback" empty={fresh.length ? null : 'Nothing new to review.'}>
                {fresh.map((item) => (
                  <NewFeedbackCard key={item.id} item={item} />
                ))}
              </Section>
              <Section
                title="Reviewed Feedback"
                empty={reviewed.length ? null : 'Nothing reviewed yet.'}
              >
                {reviewed.map((item) => (
                  <ReviewedFeedbackCard key={item.id} item={item} />
                ))}
              </Section>
            </>
          )}
          {reportedPosts}
        </>
      )}
    </>
  );
}
