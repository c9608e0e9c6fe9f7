import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@levelup/web-kit';
import { GoalPlannerPage } from './features/goals/components/goal-planner-page.tsx';

/** What mfe_goals exposes as './routes' (relative to the shell's root; no providers of its own). */
export default function GoalsRoutes() {
  return (
    <Routes>
      <Route path="goals" element={<GoalPlannerPage />} />
      {/* The dashboard's Create Goal links: the planner with the New Goal dialog open. */}
      <Route path="goals/new" element={<GoalPlannerPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
