import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import { PageHeader } from '@levelup/web-kit';
import { feedbackQueryOptions, type FeedbackSummary } from '../api/feedback-api.ts';

function FeedbackList({ title, items }: { title: string; items: FeedbackSummary[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2 style={{ fontSize: 20 }}>{title}</h2>
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 12 }}>
        {items.map((item) => (
          <li key={item.id}>
            <Card
              size="small"
              title={item.user?.displayName ?? item.user?.username ?? 'Anonymous'}
              extra={<Tag>{item.category}</Tag>}
            >
              <p style={{ margin: 0 }}>{item.message}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /admin/feedback ('Beta Feedback'); review actions come with the feedback feature. */
export function FeedbackReviewPage() {
  const feedback = useQuery(feedbackQueryOptions);
  const items = feedback.data ?? [];
  const fresh = items.filter((i) => !i.isReviewed);
  const reviewed = items.filter((i) => i.isReviewed);
  return (
    <>
      <PageHeader title="Beta Feedback" />
      <div style={{ display: 'flex', gap: 16, marginBottom: 24 }}>
        <Card size="small">
          <Statistic title="New" value={fresh.length} />
        </Card>
        <Card size="small">
          <Statistic title="Reviewed" value={reviewed.length} />
        </Card>
      </div>
      {feedback.isPending ? (
        <p role="status">Loading feedback...</p>
      ) : feedback.isError ? (
        <p role="alert">Failed to load feedback</p>
      ) : items.length === 0 ? (
        <Card>
          <p style={{ margin: 0, textAlign: 'center' }}>No feedback yet</p>
        </Card>
      ) : (
        <>
          <FeedbackList title="New Feedback" items={fresh} />
          <FeedbackList title="Reviewed Feedback" items={reviewed} />
        </>
      )}
    </>
  );
}
