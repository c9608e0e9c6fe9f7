import { useQuery } from '@tanstack/react-query';
import Avatar from 'antd/es/avatar';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import {
  DIFFICULTY_BADGE_COLOR,
  feedDisplayName,
  initials,
  relativeTime,
} from '@levelup/contracts';
import { communityFeedQueryOptions } from '../api/feed-api.ts';

/** antd's yellow preset is its gold (whose text the shared theme darkens to AA contrast). */
const presetOf = { green: 'green', yellow: 'gold', red: 'red' } as const;

/** Community Achievements feed card: skeleton of 3 rows, error and empty states. */
export function AchievementsFeedCard() {
  const feed = useQuery(communityFeedQueryOptions());
  const now = new Date();
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 18 }}>Community Achievements</h2>}>
      {feed.isPending ? (
        <div role="status" aria-label="Loading community achievements">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} avatar active paragraph={{ rows: 1 }} title={false} />
          ))}
        </div>
      ) : feed.isError ? (
        <p role="alert" style={{ margin: 0 }}>
          Failed to load community achievements
        </p>
      ) : feed.data.length === 0 ? (
        <div style={{ textAlign: 'center' }}>
          <p style={{ margin: 0, fontWeight: 600 }}>No community activity yet</p>
          <p style={{ margin: 0, opacity: 0.8 }}>Be the first to complete a quest!</p>
        </div>
      ) : (
        <ul
          aria-label="Community achievements"
          style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 }}
        >
          {feed.data.map((item) => {
            const name = feedDisplayName(item.user);
            return (
              <li key={item.id} style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
                <Avatar aria-hidden="true">{initials(name) || '?'}</Avatar>
                <div style={{ minWidth: 0 }}>
                  <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
                    <strong>{name}</strong>
                    <Tag color={presetOf[DIFFICULTY_BADGE_COLOR[item.questDifficulty]]}>
                      {item.questDifficulty}
                    </Tag>
                  </div>
                  <div style={item.titleHidden ? { fontStyle: 'italic' } : undefined}>
                    {item.questTitle}
                  </div>
                  <div style={{ fontSize: 12 }}>
                    <strong>+{item.xpEarned} XP</strong>{' '}
                    <span style={{ opacity: 0.8 }}>
                      {item.completedAt ? relativeTime(item.completedAt, now) : 'Recently'}
                    </span>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
