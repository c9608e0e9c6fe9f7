import { FeedbackReviewPage } from '../features/feedback-review/components/feedback-review-page.tsx';
import { ReportedPosts } from '../features/post-reports/components/reported-posts.tsx';

/** The admins' review page: the feedback, then the reported posts (two features composed here). */
export function FeedbackReviewRoute() {
  return <FeedbackReviewPage reportedPosts={<ReportedPosts />} />;
}
