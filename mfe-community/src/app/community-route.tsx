import { PageHeader } from '@levelup/web-kit';
import { AchievementsFeedCard } from '../features/achievements/components/achievements-feed-card.tsx';
import { MutedMembers } from '../features/posts/components/muted-members.tsx';
import { PostsSection } from '../features/posts/components/posts-section.tsx';

/** /community: posts beside the achievements feed. */
export function CommunityRoute() {
  return (
    <>
      <PageHeader
        title="Community"
        subtitle="Share wins, ask for support and cheer each other on."
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
        <div style={{ flex: '2 1 480px', minWidth: 0 }}>
          <PostsSection />
        </div>
        <aside
          aria-label="Community activity"
          style={{ flex: '1 1 280px', minWidth: 0, display: 'grid', gap: 16 }}
        >
          <AchievementsFeedCard />
          <MutedMembers />
        </aside>
      </div>
    </>
  );
}
