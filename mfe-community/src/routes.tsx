import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@levelup/web-kit';
import { CommunityRoute } from './app/community-route.tsx';
import { FeedbackReviewRoute } from './app/feedback-review-route.tsx';
import { MeetupsPage } from './features/meetups/components/meetups-page.tsx';
import { RoomPage } from './features/rooms/components/room-page.tsx';
import { SessionsPage } from './features/sessions/components/sessions-page.tsx';

/** What mfe_community exposes as './routes' (relative to the shell's root; no providers of its own). */
export default function CommunityRoutes() {
  return (
    <Routes>
      <Route path="community" element={<CommunityRoute />} />
      <Route path="sessions" element={<SessionsPage />} />
      <Route path="sessions/:id" element={<RoomPage />} />
      {/* The dashboard's Body Doubling quick action links here; the page lives at /sessions. */}
      <Route path="body-doubling" element={<Navigate to="/sessions" replace />} />
      <Route path="meetups" element={<MeetupsPage />} />
      <Route path="admin/feedback" element={<FeedbackReviewRoute />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
