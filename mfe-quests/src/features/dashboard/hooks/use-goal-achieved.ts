import { useEffect, useRef, useState } from 'react';
import type { Goal } from '@levelup/contracts';

/**
 * The goal to celebrate: one seen active on this page that is now completed (it reached its target
 * XP). The first list read is the baseline, so a page load never celebrates; an Undo that takes the
 * goal back to active closes the celebration.
 */
export function useGoalAchieved(goals: readonly Goal[] | undefined) {
  const seen = useRef<ReadonlyMap<string, Goal['status']> | null>(null);
  const [achieved, setAchieved] = useState<Goal | null>(null);
  useEffect(() => {
    if (!goals) return;
    const before = seen.current;
    seen.current = new Map(goals.map((goal) => [goal.id, goal.status]));
    if (!before) return;
    const reached = goals.find(
      (goal) => goal.status === 'completed' && before.get(goal.id) === 'active',
    );
    if (reached) setAchieved(reached);
    else
      setAchieved((open) =>
        open && goals.find((goal) => goal.id === open.id)?.status !== 'completed' ? null : open,
      );
  }, [goals]);
  return { achieved, dismiss: () => setAchieved(null) };
}
