import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Progress from 'antd/es/progress';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { PageHeader } from '@levelup/web-kit';
import { recurrenceLabel } from '../../../lib/recurrence-label.ts';
import { habitScoresQueryOptions } from '../api/habit-stats-api.ts';
import { percent } from '../habit-labels.ts';

/**
 * /quests/habits: every recurring quest with its strength now as a percentage, each leading to its
 * statistics page.
 */
export function HabitsPage() {
  const scores = useQuery(habitScoresQueryOptions);
  const { token } = theme.useToken();
  return (
    <>
      <PageHeader
        title="Habits"
        subtitle="How strong each recurring quest is: every day done adds to it, recent days count most."
        actions={<Link to="/quests">Quest Log</Link>}
      />
      <Card>
        {scores.isPending ? (
          <Skeleton active />
        ) : scores.isError ? (
          <Alert type="error" showIcon role="alert" title="Failed to load your habits" />
        ) : scores.data.length === 0 ? (
          <p style={{ margin: 0 }}>
            No recurring quests yet. Make a quest repeat in the <Link to="/quests">Quest Log</Link>{' '}
            to follow it here.
          </p>
        ) : (
          <ul aria-label="Habits" style={{ margin: 0, padding: 0, display: 'grid', gap: 14 }}>
            {scores.data.map((habit) => (
              <li
                key={habit.id}
                style={{
                  listStyle: 'none',
                  display: 'grid',
                  gap: 4,
                  gridTemplateColumns: 'minmax(0, 1fr) auto',
                  alignItems: 'center',
                }}
              >
                <span style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Link
                    to={`/quests/habits/${habit.id}`}
                    // The theme's text colour, underlined: readable on the card in both themes.
                    style={{ fontWeight: 600, color: token.colorText, textDecoration: 'underline' }}
                  >
                    {habit.title}
                  </Link>
                  <Tag style={{ marginInlineEnd: 0 }}>{recurrenceLabel(habit)}</Tag>
                  {!habit.isActive && (
                    <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                      Paused
                    </Tag>
                  )}
                </span>
                <strong>{percent(habit.score)}</strong>
                <Progress
                  percent={Math.round(habit.score * 100)}
                  showInfo={false}
                  size="small"
                  aria-label={`${habit.title}: strength ${percent(habit.score)}`}
                  style={{ gridColumn: '1 / -1', margin: 0 }}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
