import { useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Statistic from 'antd/es/statistic';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { goalSection, goalSummary, type Goal } from '@levelup/contracts';
import { PageHeader } from '@levelup/web-kit';
import { goalsQueryOptions } from '../api/get-goals.ts';
import { CreateGoalDialog } from './create-goal-dialog.tsx';
import { EditGoalDialog } from './edit-goal-dialog.tsx';
import { GoalCard } from './goal-card.tsx';
import { goalPlannerCss } from './goal-styles.ts';
import { LinkSeriesDialog } from './link-series-dialog.tsx';

function GoalGrid({
  title,
  note,
  goals,
  onEdit,
  onLink,
}: {
  title: string;
  note?: string;
  goals: Goal[];
  onEdit: (goal: Goal) => void;
  onLink: (goal: Goal) => void;
}) {
  if (goals.length === 0) return null;
  const id = `goal-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} style={{ marginBottom: 24 }}>
      <h2 id={id} style={{ fontSize: 20 }}>
        {title}
      </h2>
      {note && <p style={{ marginTop: -8 }}>{note}</p>}
      <div className="lu-goal-grid">
        {goals.map((goal) => (
          <GoalCard key={goal.id} goal={goal} onEdit={onEdit} onLink={onLink} />
        ))}
      </div>
    </section>
  );
}

/**
 * /goals (the Goal Planner); /goals/new opens it with the New Goal
 * dialog open, and closing that dialog leaves /goals. Paused goals have their own section with Resume.
 */
export function GoalPlannerPage() {
  const goals = useQuery(goalsQueryOptions);
  const navigate = useNavigate();
  const atNew = useMatch('/goals/new') !== null;
  const [creatingHere, setCreating] = useState(false);
  const creating = creatingHere || atNew;
  const closeCreate = () => {
    setCreating(false);
    if (atNew) void navigate('/goals', { replace: true });
  };
  const [editing, setEditing] = useState<Goal | null>(null);
  const [linking, setLinking] = useState<Goal | null>(null);
  const list = goals.data ?? [];
  const summary = goalSummary(list);
  const inSection = (section: 'active' | 'completed' | 'paused') =>
    list.filter((g) => goalSection(g.status) === section);
  return (
    <>
      <style>{goalPlannerCss}</style>
      <PageHeader
        title="Goal Planner"
        subtitle="Set bigger-picture objectives and track your quest progress towards meaningful goals"
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => setCreating(true)}
          >
            New Goal
          </Button>
        }
      />
      <section
        aria-label="Goal summary"
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
          marginBottom: 24,
        }}
      >
        <Card size="small">
          <Statistic title="Active Goals" value={summary.activeCount} />
          {summary.pausedCount > 0 && (
            <p className="lu-goal-stat-note">{summary.pausedCount} paused, not counted as active</p>
          )}
        </Card>
        <Card size="small">
          <Statistic title="Completed" value={summary.completedCount} />
        </Card>
        <Card size="small">
          <Statistic title="Total Goal XP" value={summary.totalXp} />
        </Card>
        <Card size="small">
          <Statistic title="Avg Progress" value={summary.averageProgress} suffix="%" />
        </Card>
      </section>
      {goals.isPending ? (
        <p role="status">Loading goals...</p>
      ) : goals.isError ? (
        <Card>
          <div role="alert">
            <p style={{ marginTop: 0, fontWeight: 600 }}>Failed to load goals</p>
            <p>Some goal progress may not display correctly</p>
          </div>
          <Button onClick={() => void goals.refetch()}>Retry</Button>
        </Card>
      ) : list.length === 0 ? (
        <Card style={{ textAlign: 'center' }}>
          <h2 style={{ fontSize: 20 }}>No goals yet</h2>
          <p>Create your first goal to start tracking progress towards bigger objectives</p>
          <Button type="primary" onClick={() => setCreating(true)}>
            Create First Goal
          </Button>
        </Card>
      ) : (
        <>
          <GoalGrid
            title="Active Goals"
            goals={inSection('active')}
            onEdit={setEditing}
            onLink={setLinking}
          />
          <GoalGrid
            title="Paused Goals"
            note="Paused goals are not counted as active. Resume one to pick it up again."
            goals={inSection('paused')}
            onEdit={setEditing}
            onLink={setLinking}
          />
          <GoalGrid
            title="Completed Goals"
            goals={inSection('completed')}
            onEdit={setEditing}
            onLink={setLinking}
          />
        </>
      )}
      <CreateGoalDialog open={creating} onClose={closeCreate} />
      <EditGoalDialog goal={editing} onClose={() => setEditing(null)} />
      <LinkSeriesDialog goal={linking} onClose={() => setLinking(null)} />
    </>
  );
}
