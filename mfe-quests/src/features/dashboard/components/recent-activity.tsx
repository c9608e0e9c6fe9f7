import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { relativeTime } from '@levelup/contracts';
import { useUserDay } from '../../../lib/use-user-day.ts';
import {
  activityEntries,
  type ActivityEntry,
  questsForActivityOptions,
  recentOccurrencesOptions,
} from '../api/recent-activity-api.ts';

/** What a completion earned: its XP, or why none (imported history earns none). */
function XpTag({ entry }: { entry: ActivityEntry }) {
  if (entry.xp > 0) return <Tag color="purple">+{entry.xp} XP</Tag>;
  return <Tag>{entry.imported ? 'Imported' : 'No XP'}</Tag>;
}

/** The recent-activity card (limit 8 from the contracts). */
export function RecentActivity() {
  const { today, now } = useUserDay();
  const quests = useQuery(questsForActivityOptions);
  const occurrences = useQuery(recentOccurrencesOptions(today));
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Recent Activity</h2>}>
      {quests.isPending || occurrences.isPending ? (
        <div role="status" aria-label="Loading recent activity">
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      ) : quests.isError || occurrences.isError ? (
        <p role="alert" style={{ margin: 0 }}>
          Recent activity is unavailable right now.
        </p>
      ) : (
        (() => {
          const entries = activityEntries(quests.data, occurrences.data);
          return entries.length === 0 ? (
            <p style={{ margin: 0 }}>
              Nothing completed yet. Your finished quests will show up here.
            </p>
          ) : (
            <ul
              aria-label="Recent activity"
              style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}
            >
              {entries.map((entry) => (
                <li key={entry.id} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  <span style={{ flex: 1 }}>
                    {entry.partial ? 'Partly completed' : 'Completed'}{' '}
                    <strong>{entry.title}</strong>
                  </span>
                  <XpTag entry={entry} />
                  <span style={{ fontSize: 12, opacity: 0.75 }}>
                    {relativeTime(entry.completedAt, now)}
                  </span>
                </li>
              ))}
            </ul>
          );
        })()
      )}
    </Card>
  );
}
