import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import { activeGoals, goalsQueryOptions } from '../api/goals-api.ts';

/** The dashboard's goals tab (Daily Management). */
export function ActiveGoals({ completedGoalsCount }: { completedGoalsCount: number }) {
  const goals = useQuery(goalsQueryOptions);
  if (goals.isPending) return <p role="status">Loading goals...</p>;
  if (goals.isError)
    return (
      <div role="alert">
        <p>Failed to load goals</p>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </div>
    );
  const list = activeGoals(goals.data);
  const pausedCount = goals.data.filter((goal) => goal.status === 'paused').length;
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0 }}>{completedGoalsCount} goals completed total</p>
      {pausedCount > 0 && (
        // A paused goal is set aside, not active: it is left out of the count and the list, so say
        // where it went and how to pick it up again.
        <p style={{ margin: 0 }}>
          {pausedCount} paused, not counted as active.{' '}
          <Link to="/goals">Resume in the Goal Planner</Link>
        </p>
      )}
      {list.length === 0 ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <p>No active goals yet</p>
          <Link to="/goals/new">Create Your First Goal</Link>
        </div>
      ) : (
        <ul
          aria-label="Active goals"
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
        >
          {list.map((goal) => (
            <li key={goal.id} aria-label={goal.title}>
              <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                <strong>{goal.title}</strong>
                {goal.difficulty && <Tag>{goal.difficulty}</Tag>}
                <span style={{ marginLeft: 'auto' }}>
                  {goal.currentXp}/{goal.targetXp} XP
                </span>
              </div>
              <Progress
                percent={
                  goal.targetXp > 0
                    ? Math.min(100, Math.round((goal.currentXp / goal.targetXp) * 100))
                    : 0
                }
                showInfo={false}
                aria-label={`${goal.title} progress`}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
