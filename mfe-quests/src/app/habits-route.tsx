import { BreakHabitsSection } from '../features/break-habits/components/break-habits-section.tsx';
import { HabitsPage } from '../features/habit-stats/components/habits-page.tsx';

/** /quests/habits: the habits being built (their strength) and, below, the habits to break. */
export function HabitsRoute() {
  return (
    <>
      <HabitsPage />
      <BreakHabitsSection />
    </>
  );
}
