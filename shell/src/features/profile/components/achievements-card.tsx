import type { ComponentType } from 'react';
import AimOutlined from '@ant-design/icons/es/icons/AimOutlined';
import FireOutlined from '@ant-design/icons/es/icons/FireOutlined';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import TrophyOutlined from '@ant-design/icons/es/icons/TrophyOutlined';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { achievementsQueryOptions } from '../api/achievements-api.ts';

const icons: Record<string, ComponentType> = {
  'first-quest': AimOutlined,
  'week-warrior': FireOutlined,
  'community-helper': TeamOutlined,
  'level-10-hero': TrophyOutlined,
};

function AchievementIcon({ id, earned }: { id: string; earned: boolean }) {
  const Icon = icons[id] ?? StarOutlined;
  return (
    <span aria-hidden="true" style={{ fontSize: 24, color: earned ? '#b45309' : 'inherit' }}>
      <Icon />
    </span>
  );
}

/** The Achievements card: four tiles earned from the user's history, with the date each was earned. */
export function AchievementsCard() {
  const achievements = useQuery(achievementsQueryOptions);
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Achievements</h2>}>
      {achievements.isPending ? (
        <div role="status" aria-label="Loading achievements">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
      ) : achievements.isError ? (
        <Alert type="warning" showIcon role="alert" title="Achievements could not be loaded." />
      ) : (
        <ul
          style={{
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gap: 12,
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          }}
        >
          {achievements.data.map((achievement) => (
            <li
              key={achievement.id}
              aria-label={`${achievement.name}: ${achievement.earned ? 'earned' : 'not earned yet'}`}
              style={{
                border: '1px solid rgba(128, 128, 128, 0.35)',
                borderRadius: 8,
                padding: 12,
                display: 'grid',
                gap: 4,
                opacity: achievement.earned ? 1 : 0.75,
              }}
            >
              <AchievementIcon id={achievement.id} earned={achievement.earned} />
              <strong>{achievement.name}</strong>
              <span style={{ fontSize: 13 }}>{achievement.description}</span>
              <span style={{ fontSize: 13, fontWeight: 600 }}>
                {achievement.earned
                  ? achievement.earnedDate
                    ? `Earned ${dayjs(achievement.earnedDate).format('MM/DD/YYYY')}`
                    : 'Earned'
                  : 'Not earned yet'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
