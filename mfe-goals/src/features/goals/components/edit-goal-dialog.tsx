import { useMemo } from 'react';
import Modal from 'antd/es/modal';
import type { Goal } from '@levelup/contracts';
import { useUpdateGoal } from '../hooks/use-goal-mutations.ts';
import { GoalForm, toGoalRequest } from './goal-form.tsx';

/** Edit Goal: the form's fields sent as an update ('Saving...' while pending). */
export function EditGoalDialog({ goal, onClose }: { goal: Goal | null; onClose: () => void }) {
  const update = useUpdateGoal();
  const initialValues = useMemo(
    () =>
      goal && {
        title: goal.title,
        description: goal.description ?? '',
        theme: goal.theme,
        targetXp: String(goal.targetXp),
        cadence: goal.cadence,
        color: goal.color,
      },
    [goal],
  );
  return (
    <Modal title="Edit Goal" open={goal !== null} onCancel={onClose} footer={null} destroyOnHidden>
      {goal && initialValues && (
        <GoalForm
          name="edit-goal"
          initialValues={initialValues}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          pending={update.isPending}
          onSubmit={(values) =>
            update.mutate({ id: goal.id, ...toGoalRequest(values) }, { onSuccess: onClose })
          }
        />
      )}
    </Modal>
  );
}
