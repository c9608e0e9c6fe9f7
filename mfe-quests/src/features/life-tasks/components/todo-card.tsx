import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import { canSnooze, dueLabel, type DueUrgency, type LifeTask } from '@levelup/contracts';

const URGENCY_COLOR: Record<DueUrgency, string> = {
  overdue: 'red',
  today: 'orange',
  tomorrow: 'gold',
  this_week: 'blue',
  future: 'default',
};
const PRIORITY_COLOR = { low: 'default', medium: 'blue', high: 'orange', urgent: 'red' } as const;

/**
 * The to-do card of a life task: 'Check Mate', Undo of its latest check-off while that can still be
 * taken back, the due badge (contracts' dueLabel), 'Snooze until tomorrow' while due today or overdue (snooze never
 * moves a date earlier: contracts' canSnooze), Edit, and remove.
 */
export function TodoCard({
  task,
  now,
  timeZone,
  pending,
  onCheck,
  onUndo,
  undoing = false,
  onDelete,
  onSnooze,
  onEdit,
}: {
  task: LifeTask;
  now: Date;
  timeZone: string;
  pending: boolean;
  onCheck: (task: LifeTask) => void;
  /** Un-completes the task: Undo of its standing check-off (offered while it has one). */
  onUndo?: (task: LifeTask) => void;
  undoing?: boolean;
  onDelete: (task: LifeTask) => void;
  onSnooze?: (task: LifeTask) => void;
  onEdit?: (task: LifeTask) => void;
}) {
  const due = task.nextDueDate ?? task.dueDate;
  const label = due ? dueLabel(due, now, timeZone) : null;
  return (
    <li
      aria-label={task.title}
      style={{
        listStyle: 'none',
        display: 'flex',
        gap: 8,
        alignItems: 'center',
        flexWrap: 'wrap',
        border: '1px solid rgba(249, 115, 22, 0.35)',
        borderRadius: 10,
        padding: '8px 12px',
        opacity: task.isCompleted ? 0.6 : 1,
      }}
    >
      <div style={{ flex: 1, minWidth: 160 }}>
        <strong style={{ textDecoration: task.isCompleted ? 'line-through' : 'none' }}>
          {task.title}
        </strong>{' '}
        <Tag color={PRIORITY_COLOR[task.priority]}>{task.priority}</Tag>
        {label && !task.isCompleted && (
          <Tag color={URGENCY_COLOR[label.urgency]}>{label.badge}</Tag>
        )}
        {task.isRecurring && (
          <Tag>
            every {task.recurrenceInterval} {task.recurrenceType}
          </Tag>
        )}
        {task.notes && <div style={{ fontSize: 13, opacity: 0.8 }}>{task.notes}</div>}
      </div>
      {task.isCompleted ? (
        <Tag color="success" icon={<CheckOutlined aria-hidden="true" />}>
          Done
        </Tag>
      ) : (
        <Button
          type="primary"
          size="small"
          loading={pending}
          aria-label={`Check Mate: ${task.title}`}
          onClick={() => onCheck(task)}
        >
          Check Mate
        </Button>
      )}
      {onUndo && task.completionEventId && (
        <Button
          size="small"
          loading={undoing}
          aria-label={`Undo check-off: ${task.title}`}
          onClick={() => onUndo(task)}
        >
          Undo
        </Button>
      )}
      {onSnooze && canSnooze({ isCompleted: task.isCompleted, dueDate: due }, now, timeZone) && (
        <Button
          size="small"
          aria-label={`Snooze until tomorrow: ${task.title}`}
          onClick={() => onSnooze(task)}
        >
          Snooze until tomorrow
        </Button>
      )}
      {onEdit && (
        <Button size="small" aria-label={`Edit: ${task.title}`} onClick={() => onEdit(task)}>
          Edit
        </Button>
      )}
      <Button
        size="small"
        type="text"
        icon={<DeleteOutlined aria-hidden="true" />}
        aria-label={`Remove ${task.title}`}
        onClick={() => onDelete(task)}
      />
    </li>
  );
}
