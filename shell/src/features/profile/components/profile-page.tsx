import type { ReactNode } from 'react';
import { HttpError, isUnauthorized, PageSpinner, useProfile } from '@levelup/web-kit';
import { AchievementsCard } from './achievements-card.tsx';
import { CalendarFeedCard } from './calendar-feed-card.tsx';
import { CommunityPrivacyCard } from './community-privacy-card.tsx';
import { DataExportCard } from './data-export-card.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { QuestStatsCard } from './quest-stats-card.tsx';
import { XpHistoryCard } from './xp-history-card.tsx';

const isForbidden = (error: unknown) => error instanceof HttpError && error.status === 403;

/** /profile (Profile screen), with the XP history and the data export. */
export function ProfilePage({
  reminders,
}: {
  /** The reminder cards, composed in by the app (they are a feature of their own), for the user's zone. */
  reminders?: (timeZone: string) => ReactNode;
} = {}) {
  const { data: profile, isPending, isError, error } = useProfile();
  if (isPending) return <PageSpinner />;
  // A 401 reads as signed out (null); a 401 or 403 error is 'Profile Not Found', any other failure
  // 'Failed to Load Profile' (Profile screen states).
  if (isError && !isUnauthorized(error) && !isForbidden(error)) {
    return (
      <div role="alert">
        <h1>Failed to Load Profile</h1>
      </div>
    );
  }
  if (!profile) {
    return (
      <div role="alert">
        <h1>Profile Not Found</h1>
        <p>Please log in to view your profile.</p>
      </div>
    );
  }
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <ProfileHeader profile={profile} />
      <QuestStatsCard />
      <AchievementsCard />
      {reminders?.(profile.timeZone)}
      <XpHistoryCard />
      <CommunityPrivacyCard />
      <CalendarFeedCard />
      <DataExportCard timeZone={profile.timeZone} />
    </div>
  );
}
