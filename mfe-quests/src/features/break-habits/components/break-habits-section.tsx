import { lazy, Suspense, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { BREAK_HABIT_NO_XP_NOTE, type BreakHabit } from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { refresh } from '../../../lib/query-keys.ts';
import { showToast, undoOptions } from '../../../lib/undo-toast.tsx';
import {
  breakHabitsQueryOptions,
  deleteBreakHabit,
  recordSlip,
  undoSlip,
} from '../api/break-habits-api.ts';
import { BreakHabitCard } from './break-habit-card.tsx';

const BreakHabitDialog = lazy(() => import('./break-habit-dialog.tsx'));

/** A red that keeps white text readable (WCAG AA contrast 6.5:1), in both themes. */
const DESTRUCTIVE = { background: '#b91c1c', borderColor: '#b91c1c', color: '#fff' };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Slipped and its Undo: the toast says slips move no XP and offers to take that slip back. */
function useSlips() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const undo = useMutation({
    mutationFn: undoSlip,
    onSuccess: (habit) => {
      void refresh(queryClient, ['breakHabits']);
      toast.info({ title: 'Slip undone', description: habit.title });
    },
    onError: (error) => toast.error({ title: message(error) }),
  });
  const slip = useMutation({
    mutationFn: recordSlip,
    onSuccess: (habit, { id, date }) => {
      void refresh(queryClient, ['breakHabits']);
      const day = date ?? habit.today;
      showToast(toast, {
        title: 'Slip recorded.',
        description: BREAK_HABIT_NO_XP_NOTE,
        ...undoOptions(toast, `slip-${id}-${day}-${Date.now()}`, () =>
          undo.mutate({ id, date: day }),
        ),
      });
    },
    onError: (error) => toast.error({ title: message(error) }),
  });
  return slip;
}

/**
 * The Habits page's "Habits to break": one card per habit the user wants to stop, with Slipped (and a
 * past day's slip), edit and delete, and New habit to break. Slips are counted, never scored.
 */
export function BreakHabitsSection() {
  const habits = useQuery(breakHabitsQueryOptions);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [dialog, setDialog] = useState<{ habit: BreakHabit | null } | null>(null);
  const [removing, setRemoving] = useState<BreakHabit | null>(null);
  const slip = useSlips();
  const remove = useMutation({
    mutationFn: deleteBreakHabit,
    onSuccess: () => {
      void refresh(queryClient, ['breakHabits']);
      toast.success({ title: 'Habit to break deleted', description: removing?.title });
      setRemoving(null);
    },
    onError: (error) => toast.error({ title: message(error) }),
  });

  return (
    <Card style={{ marginTop: 16 }}>
      {/* The heading and its button wrap onto two lines on a phone (a card's title bar would let the
          button cover the heading there). */}
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          alignItems: 'center',
          justifyContent: 'space-between',
          marginBottom: 16,
        }}
      >
        <h2 style={{ margin: 0, fontSize: 18 }}>Habits to break</h2>
        <Button
          icon={<PlusOutlined aria-hidden="true" />}
          onClick={() => setDialog({ habit: null })}
        >
          New habit to break
        </Button>
      </div>
      {habits.isPending ? (
        <div role="status" aria-label="Loading habits to break">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
      ) : habits.isError ? (
        <div role="alert">
          <p>{message(habits.error)}</p>
          <Button onClick={() => void habits.refetch()}>Try Again</Button>
        </div>
      ) : habits.data.length === 0 ? (
        <p style={{ margin: 0 }}>
          No habits to break yet. Add one you want to stop, and tap Slipped when it happens: the app
          counts your days without a slip. {BREAK_HABIT_NO_XP_NOTE}
        </p>
      ) : (
        <ul
          aria-label="Habits to break"
          style={{
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 12,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
          }}
        >
          {habits.data.map((habit) => (
            <BreakHabitCard
              key={habit.id}
              habit={habit}
              pending={slip.isPending && slip.variables.id === habit.id}
              onSlip={(h, date) => slip.mutate({ id: h.id, ...(date ? { date } : {}) })}
              onEdit={(h) => setDialog({ habit: h })}
              onDelete={setRemoving}
            />
          ))}
        </ul>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <BreakHabitDialog open habit={dialog.habit} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      <Modal
        title="Delete habit to break?"
        open={removing !== null}
        onCancel={() => setRemoving(null)}
        okText="Delete"
        okButtonProps={{ loading: remove.isPending, style: DESTRUCTIVE }}
        onOk={() => removing && remove.mutate(removing.id)}
        destroyOnHidden
      >
        <p style={{ marginBottom: 0 }}>
          <strong>{removing?.title}</strong> and all its slips will be removed.
        </p>
      </Modal>
    </Card>
  );
}
