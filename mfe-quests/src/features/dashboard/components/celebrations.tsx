import { lazy, Suspense } from 'react';
import type { Goal } from '@levelup/contracts';
import { useGoalAchieved } from '../hooks/use-goal-achieved.ts';
import { useLevelUp } from '../hooks/use-level-up.ts';

const LevelUpDialog = lazy(() => import('./level-up-dialog.tsx'));
const GoalAchievedDialog = lazy(() => import('./goal-achieved-dialog.tsx'));

/**
 * The dashboard's celebrations, one at a time: a new level, then a goal that reached its target (the
 * same completion can do both). Each is loaded when it first opens.
 */
export function Celebrations({
  totalXp,
  goals,
}: {
  totalXp: number | undefined;
  goals: readonly Goal[] | undefined;
}) {
  const { celebrating, dismiss } = useLevelUp(totalXp);
  const goal = useGoalAchieved(goals);
  if (celebrating !== null)
    return (
      <Suspense fallback={null}>
        <LevelUpDialog level={celebrating.level} onClose={dismiss} />
      </Suspense>
    );
  if (goal.achieved !== null)
    return (
      <Suspense fallback={null}>
        <GoalAchievedDialog goal={goal.achieved} onClose={goal.dismiss} />
      </Suspense>
    );
  return null;
}
