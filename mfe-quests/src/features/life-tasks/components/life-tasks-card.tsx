import { lazy, Suspense, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { API, DELETE_KEEPS_XP_TEXT, sortLifeTasks, type LifeTask } from '@levelup/contracts';
import { queryKeyOf, useToast } from '@levelup/web-kit';
import { refresh } from '../../../lib/query-keys.ts';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { useXpChange } from '../../../lib/use-xp-change.ts';
import {
  completeLifeTask,
  deleteLifeTask,
  lifeTasksQueryOptions,
  snoozeLifeTask,
  undoLifeTaskCompletion,
} from '../api/life-tasks-api.ts';
import { showToast, undoOptions } from '../../../lib/undo-toast.tsx';
import { TodoCard } from './todo-card.tsx';

const LifeTaskDialog = lazy(() => import('./life-task-dialog.tsx'));
const LifeTaskDeleteDialog = lazy(() => import('./life-task-delete-dialog.tsx'));
/** The reads a life task's check-off changes. */
const CHANGED_READS = ['lifeTasks', 'grouped', 'overview', 'calendar'] as const;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Un-completing a life task: Undo of its standing check-off, from the toast or the card. */
function useLifeTaskUndo() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const applyXp = useXpChange();
  return useMutation({
    mutationFn: undoLifeTaskCompletion,
    onSuccess: (result) => {
      applyXp(result.xpDelta);
      void refresh(queryClient, CHANGED_READS);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(API.xpHistory) });
      if (result.undone)
        toast.success({
          title: 'Completion undone',
          description: `${result.title}: ${Math.abs(result.xpDelta)} XP taken back.`,
        });
      else
        toast.info({
          title: 'Nothing to undo',
          description: `${result.title} was already undone.`,
        });
    },
    onError: (error) => toast.error({ title: message(error) }),
  });
}

/**
 * The dashboard's Life Tasks card: to-do cards in urgency order (contracts' sortLifeTasks), Check Mate
 * and its Undo, remove, and Add Life Task.
 */
export function LifeTasksCard() {
  const tasks = useQuery(lifeTasksQueryOptions);
  const queryClient = useQueryClient();
  const toast = useToast();
  const applyXp = useXpChange();
  const { now, timeZone } = useUserDay();
  const [adding, setAdding] = useState(false);
  const [used, setUsed] = useState(false);
  const [editing, setEditing] = useState<LifeTask | null>(null);
  const [removing, setRemoving] = useState<LifeTask | null>(null);

  const undo = useLifeTaskUndo();
  const complete = useMutation({
    mutationFn: completeLifeTask,
    onSuccess: (task) => {
      applyXp(task.xpEarned);
      void refresh(queryClient, CHANGED_READS);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(API.xpHistory) });
      const eventId = task.xpEarned > 0 ? task.completionEventId : null;
      showToast(toast, {
        title: 'Life Task Completed!',
        description: task.xpEarned > 0 ? `You earned ${task.xpEarned} XP!` : task.title,
        ...(eventId ? undoOptions(toast, `life-task-${eventId}`, () => undo.mutate(eventId)) : {}),
      });
    },
    onError: (error) => toast.error({ title: message(error) }),
  });
  const remove = useMutation({
    mutationFn: deleteLifeTask,
    onSuccess: () => {
      void refresh(queryClient, ['lifeTasks', 'grouped']);
      setRemoving(null);
      toast.success({ title: 'Life Task Removed', description: DELETE_KEEPS_XP_TEXT });
    },
    onError: (error) => toast.error({ title: message(error) }),
  });
  const snooze = useMutation({
    mutationFn: snoozeLifeTask,
    onSuccess: (task) => {
      void refresh(queryClient, ['lifeTasks', 'grouped']);
      toast.success({ title: 'Life Task Snoozed', description: `${task.title}: due tomorrow.` });
    },
    onError: (error) => toast.error({ title: message(error) }),
  });

  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 18 }}>Life Tasks</h2>}
      extra={
        <Button
          icon={<PlusOutlined aria-hidden="true" />}
          onClick={() => {
            setUsed(true);
            setAdding(true);
          }}
        >
          Add Life Task
        </Button>
      }
    >
      {tasks.isPending ? (
        <div role="status" aria-label="Loading life tasks">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
      ) : tasks.isError ? (
        <div role="alert">
          <p>{message(tasks.error)}</p>
          <Button onClick={() => void tasks.refetch()}>Try Again</Button>
        </div>
      ) : tasks.data.length === 0 ? (
        <p style={{ margin: 0 }}>
          No life tasks yet. Add the errands and upkeep you want to keep on top of.
        </p>
      ) : (
        <ul aria-label="Life tasks" style={{ margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {sortLifeTasks(tasks.data, now, timeZone).map((task) => (
            <TodoCard
              key={task.id}
              task={task}
              now={now}
              timeZone={timeZone}
              pending={complete.isPending && complete.variables === task.id}
              onCheck={(t) => complete.mutate(t.id)}
              onUndo={(t) => t.completionEventId && undo.mutate(t.completionEventId)}
              undoing={undo.isPending && undo.variables === task.completionEventId}
              onDelete={setRemoving}
              onSnooze={(t) => snooze.mutate(t.id)}
              onEdit={(t) => {
                setUsed(true);
                setEditing(t);
              }}
            />
          ))}
        </ul>
      )}
      {used && (
        <Suspense fallback={null}>
          <LifeTaskDialog open={adding} onClose={() => setAdding(false)} />
          <LifeTaskDialog
            key={editing?.id ?? 'none'}
            open={editing !== null}
            task={editing ?? undefined}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {removing !== null && (
        <Suspense fallback={null}>
          <LifeTaskDeleteDialog
            task={removing}
            pending={remove.isPending}
            onConfirm={(task) => remove.mutate(task.id)}
            onClose={() => setRemoving(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}
