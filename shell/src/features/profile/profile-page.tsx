import Avatar from 'antd/es/avatar';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import { initials } from '@levelup/contracts';
import { PageSpinner, useProfile, XpBar } from '@levelup/web-kit';

/** /profile (core.md section 2, Profile screen): the view mode of the walking skeleton. */
export function ProfilePage() {
  const { data: profile, isPending, isError } = useProfile();
  if (isPending) return <PageSpinner />;
  if (isError) return <p role="alert">Failed to Load Profile</p>;
  if (!profile) {
    return (
      <div role="alert">
        <h1>Profile Not Found</h1>
        <p>Please log in to view your profile.</p>
      </div>
    );
  }
  return (
    <Card>
      <div style={{ display: 'flex', gap: 24, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar size={80} style={{ background: '#7c3aed', fontSize: 32 }} aria-hidden="true">
          {profile.initials || initials(profile.displayName)}
        </Avatar>
        <div style={{ display: 'grid', gap: 8 }}>
          <h1 style={{ margin: 0, fontSize: 28 }}>{profile.displayName}</h1>
          <span style={{ opacity: 0.75 }}>@{profile.username}</span>
          <span>Member since {dayjs(profile.joinedAt).format('MM/DD/YYYY')}</span>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Tag color="purple">Level {profile.level}</Tag>
            {profile.isFounder && profile.userNumber !== null && (
              <Tag color="gold">Founder #{profile.userNumber}</Tag>
            )}
            <Tag>{profile.xp} XP</Tag>
          </div>
        </div>
      </div>
      <div style={{ marginTop: 24 }}>
        <XpBar totalXp={profile.xp} compact />
      </div>
    </Card>
  );
}
