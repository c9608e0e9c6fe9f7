import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@levelup/web-kit';
import { CommunityRoute } from './app/community-route.tsx';
import { FeedbackReviewPage } from './features/feedback-review/components/feedback-review-page.tsx';
import { MeetupsPage } from './features/meetups/components/meetups-page.tsx';
import { SessionsPage } from './features/sessions/components/sessions-page.tsx';

/** What mfe_community exposes as './routes' (relative to the shell's root; no providers of its own). */
export default function CommunityRoutes() {
  return (
    <Routes>
      <Route path="community" element={<CommunityRoute />} />
      <Route path="sessions" element={<SessionsPage />} />
      {/* The dashboard's Body Doubling quick action links here; the page lives at /sessions. */}
      <Route path="body-doubling" element={<Navigate to="/sessions" replace />} />
      <Route path="meetups" element={<MeetupsPage />} />
      <Route path="admin/feedback" element={<FeedbackReviewPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
