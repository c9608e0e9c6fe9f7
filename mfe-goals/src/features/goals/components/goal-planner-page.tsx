import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Progress from 'antd/es/progress';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { PageHeader } from '@levelup/web-kit';
import { goalSummary, goalsQueryOptions, type GoalSummary } from '../api/goals-api.ts';

function GoalCard({ goal }: { goal: GoalSummary }) {
  const percent =
    goal.targetXp > 0 ? Math.min(100, Math.round((goal.currentXp / goal.targetXp) * 100)) : 0;
  return (
    <Card size="small" title={goal.title} extra={<Tag>{goal.status}</Tag>}>
      <Progress percent={percent} aria-label={`${goal.title} progress`} />
      <span>
        {goal.currentXp} / {goal.targetXp} XP
      </span>
    </Card>
  );
}

function GoalGrid({ title, goals }: { title: string; goals: GoalSummary[] }) {
  if (goals.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2 style={{ fontSize: 20 }}>{title}</h2>
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
        }}
      >
        {goals.map((goal) => (
          <GoalCard key={goal.id} goal={goal} />
        ))}
      </div>
    </section>
  );
}

/** /goals (goals-progression-community.md section 2, Goal Planner); the dialogs come with the goals feature. */
export function GoalPlannerPage() {
  const goals = useQuery(goalsQueryOptions);
  const list = goals.data ?? [];
  const summary = goalSummary(list);
  return (
    <>
      <PageHeader
        title="Goal Planner"
        subtitle="Set bigger-picture objectives and track your quest progress towards meaningful goals"
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />}>
            New Goal
          </Button>
        }
      />
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
          marginBottom: 24,
        }}
      >
        <Card size="small">
          <Statistic title="Active Goals" value={summary.active} />
        </Card>
        <Card size="small">
          <Statistic title="Completed" value={summary.completed} />
        </Card>
        <Card size="small">
          <Statistic title="Total Goal XP" value={summary.totalXp} />
        </Card>
        <Card size="small">
          <Statistic title="Avg Progress" value={summary.avgProgress} suffix="%" />
        </Card>
      </div>
      {goals.isPending ? (
        <p role="status">Loading goals...</p>
      ) : goals.isError ? (
        <p role="alert">Failed to load goals</p>
      ) : list.length === 0 ? (
        <Card style={{ textAlign: 'center' }}>
          <h2 style={{ fontSize: 20 }}>No goals yet</h2>
          <p>Create your first goal to start tracking progress towards bigger objectives</p>
          <Button type="primary">Create First Goal</Button>
        </Card>
      ) : (
        <>
          <GoalGrid title="Active Goals" goals={list.filter((g) => g.status === 'active')} />
          <GoalGrid title="Completed Goals" goals={list.filter((g) => g.status === 'completed')} />
        </>
      )}
    </>
  );
}
