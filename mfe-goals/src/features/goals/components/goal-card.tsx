import { useId, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import InputNumber from 'antd/es/input-number';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import {
  ADD_XP_DEFAULT,
  ADD_XP_MAX,
  ADD_XP_MIN,
  canAddGoalProgress,
  clampAddXp,
  goalProgressPercent,
  nextPauseStatus,
  parseAddXpInput,
  type Goal,
} from '@levelup/contracts';
import { useAddGoalProgress, useDeleteGoal, useUpdateGoal } from '../hooks/use-goal-mutations.ts';
import { GoalForecastLine } from './goal-forecast.tsx';
import { ThemeTile, titleCase } from './goal-visuals.tsx';
import { JourneyView } from './journey-view.tsx';

function AddXpRow({ goal }: { goal: Goal }) {
  const [amount, setAmount] = useState<number | null>(ADD_XP_DEFAULT);
  const add = useAddGoalProgress();
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 12 }}>
      <InputNumber
        aria-label={`XP to add to ${goal.title}`}
        min={ADD_XP_MIN}
        max={ADD_XP_MAX}
        precision={0}
        value={amount}
        onChange={setAmount}
        style={{ width: 100 }}
      />
      <Button
        disabled={add.isPending}
        onClick={() =>
          add.mutate(
            { id: goal.id, xpGain: clampAddXp(parseAddXpInput(amount), goal) },
            { onSuccess: () => setAmount(ADD_XP_DEFAULT) },
          )
        }
      >
        {add.isPending ? 'Adding...' : 'Add XP'}
      </Button>
    </div>
  );
}

/**
 * A goal card: collapsed, the theme tile, title, a thin bar with percent, the status and the
 * expand toggle; expanded, the description, progress, theme, cadence, journey, Add XP (not once
 * completed) and Link Series, Edit, Pause or Resume, Delete.
 */
export function GoalCard({
  goal,
  onEdit,
  onLink,
}: {
  goal: Goal;
  onEdit: (goal: Goal) => void;
  onLink: (goal: Goal) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const headingId = useId();
  const update = useUpdateGoal();
  const remove = useDeleteGoal();
  const percent = goalProgressPercent(goal);
  return (
    <Card size="small" role="article" aria-labelledby={headingId}>
      <div className="lu-goal-head">
        <ThemeTile theme={goal.theme} color={goal.color} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <h3 id={headingId}>{goal.title}</h3>
          <Progress
            percent={percent}
            size="small"
            aria-label={`${goal.title} progress`}
            style={{ margin: 0 }}
          />
        </div>
        <Tag>{titleCase(goal.status)}</Tag>
        <Button
          type="text"
          aria-expanded={expanded}
          aria-controls={detailsId}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${goal.title}`}
          icon={
            expanded ? <DownOutlined aria-hidden="true" /> : <RightOutlined aria-hidden="true" />
          }
          onClick={() => setExpanded((e) => !e)}
        />
      </div>
      {expanded && (
        <div id={detailsId}>
          {goal.description && <p style={{ margin: '12px 0 0' }}>{goal.description}</p>}
          <dl className="lu-goal-facts">
            <dt>Progress</dt>
            <dd>
              {goal.currentXp} / {goal.targetXp} XP
              <Progress
                percent={percent}
                showInfo={false}
                aria-label={`${goal.title} XP progress`}
                style={{ margin: 0 }}
              />
              {percent}% complete
            </dd>
            <dt>Theme</dt>
            <dd>{titleCase(goal.theme)}</dd>
            <dt>Cadence</dt>
            <dd>{titleCase(goal.cadence)}</dd>
          </dl>
          {goal.status !== 'completed' && <GoalForecastLine goal={goal} />}
          <JourneyView goalId={goal.id} title={goal.title} />
          {canAddGoalProgress(goal.status) && <AddXpRow goal={goal} />}
          <div className="lu-goal-actions">
            <Button onClick={() => onLink(goal)}>Link Series</Button>
            <Button onClick={() => onEdit(goal)}>Edit</Button>
            <Button
              disabled={update.isPending}
              onClick={() => update.mutate({ id: goal.id, status: nextPauseStatus(goal.status) })}
            >
              {goal.status === 'paused' ? 'Resume' : 'Pause'}
            </Button>
            <Button
              danger
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete the goal "${goal.title}"? This cannot be undone.`))
                  remove.mutate(goal.id);
              }}
            >
              Delete
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
