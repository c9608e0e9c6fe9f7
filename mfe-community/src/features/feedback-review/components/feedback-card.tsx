import { useId, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import { FEEDBACK_CATEGORY_LABELS, type Feedback, type FeedbackCategory } from '@levelup/contracts';
import { useReviewFeedback } from '../hooks/use-review-feedback.ts';
import { dateTimeFormat } from '../../../lib/dates.ts';

// Preset colours whose text the shared antd theme keeps at AA contrast in both themes (web-kit antd-theme).
const categoryColours: Record<FeedbackCategory, string | undefined> = {
  bug: 'red',
  feature: 'blue',
  ux: 'purple',
  performance: 'gold',
  other: undefined,
};

/** The sender as the admin page names them: display name, else username, else Anonymous. */
export function senderOf(item: Feedback): string {
  return item.user?.displayName || item.user?.username || 'Anonymous';
}

function Heading({ item, titleId }: { item: Feedback; titleId: string }) {
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <Tag color={categoryColours[item.category]}>{FEEDBACK_CATEGORY_LABELS[item.category]}</Tag>
      <strong id={titleId}>{senderOf(item)}</strong>
      <time dateTime={item.createdAt} style={{ fontSize: 13, opacity: 0.85 }}>
        {dateTimeFormat.format(new Date(item.createdAt))}
      </time>
    </div>
  );
}

/**
 * A new item (Admin feedback page): category, date, sender,
 * message, page, the user agent behind Show/Hide details, an admin notes box and Mark as Reviewed.
 */
export function NewFeedbackCard({ item }: { item: Feedback }) {
  const titleId = useId();
  const notesId = useId();
  const detailsId = useId();
  const review = useReviewFeedback();
  const [notes, setNotes] = useState(item.adminNotes ?? '');
  const [showDetails, setShowDetails] = useState(false);
  return (
    <Card size="small" role="article" aria-labelledby={titleId}>
      <Heading item={item} titleId={titleId} />
      <p style={{ margin: '12px 0', whiteSpace: 'pre-wrap' }}>{item.message}</p>
      <p style={{ margin: '0 0 8px', fontSize: 13 }}>
        Page: <code>{item.url || 'unknown'}</code>
      </p>
      {item.userAgent && (
        <>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-expanded={showDetails}
            aria-controls={detailsId}
            onClick={() => setShowDetails((shown) => !shown)}
          >
            {showDetails ? 'Hide details' : 'Show details'}
          </Button>
          <p id={detailsId} hidden={!showDetails} style={{ margin: '4px 0 0', fontSize: 13 }}>
            User agent: <code style={{ wordBreak: 'break-all' }}>{item.userAgent}</code>
          </p>
        </>
      )}
      <label
        htmlFor={notesId}
        style={{ display: 'block', fontWeight: 600, margin: '12px 0 4px', fontSize: 13 }}
      >
        Admin notes
      </label>
      <Input.TextArea
        id={notesId}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        rows={2}
        maxLength={5000}
        placeholder="Optional: what was done or decided"
      />
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        loading={review.isPending}
        onClick={() =>
          review.mutate({ id: item.id, isReviewed: true, adminNotes: notes.trim() || null })
        }
      >
        Mark as Reviewed
      </Button>
    </Card>
  );
}

/** A reviewed item: the message, the admin notes and a way back to New (un-review). */
export function ReviewedFeedbackCard({ item }: { item: Feedback }) {
  const titleId = useId();
  const review = useReviewFeedback();
  return (
    <Card size="small" role="article" aria-labelledby={titleId}>
      <Heading item={item} titleId={titleId} />
      <p style={{ margin: '12px 0', whiteSpace: 'pre-wrap' }}>{item.message}</p>
      <p style={{ margin: 0, fontSize: 13 }}>
        <strong>Admin notes:</strong> {item.adminNotes || 'None'}
      </p>
      <Button
        style={{ marginTop: 12 }}
        loading={review.isPending}
        onClick={() => review.mutate({ id: item.id, isReviewed: false })}
      >
        Mark as New
      </Button>
    </Card>
  );
}
