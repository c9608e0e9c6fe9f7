import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { completionRate } from '@levelup/contracts';
import { overviewQueryOptions } from '../api/overview-api.ts';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

const statStyle = { display: 'grid', gap: 2, minWidth: 120 } as const;

/** Quest Stats (Profile screen) from the dashboard overview; a banner with Retry on failure. */
export function QuestStatsCard() {
  const overview = useQuery(overviewQueryOptions);
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Quest Stats</h2>}>
      {overview.isPending ? (
        <div role="status" aria-label="Loading quest statistics">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
      ) : overview.isError ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title="Quest Statistics Unavailable"
          description="Your quest statistics could not be loaded."
          action={
            <Button size="small" onClick={() => void overview.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <dl style={{ display: 'flex', flexWrap: 'wrap', gap: 24, margin: 0 }}>
          {[
            ['Total quests', overview.data.totalQuestsCreated],
            ['Completed', overview.data.totalQuestsCompleted],
            [
              'Completion rate',
              `${completionRate(overview.data.totalQuestsCompleted, overview.data.totalQuestsCreated)}%`,
            ],
            ['Current streak', days(overview.data.currentStreak)],
            ['Longest streak', days(overview.data.longestStreak)],
          ].map(([label, value]) => (
            <div key={label} style={statStyle}>
              <dt style={{ fontSize: 13, opacity: 0.8 }}>{label}</dt>
              <dd style={{ margin: 0, fontSize: 22, fontWeight: 600 }}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
