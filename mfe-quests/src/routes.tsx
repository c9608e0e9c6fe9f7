import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@levelup/web-kit';
import { DashboardRoute } from './app/dashboard-route.tsx';
import { QuestLogRoute } from './app/quest-log-route.tsx';
import { HabitPage } from './features/habit-stats/components/habit-page.tsx';
import { HabitsPage } from './features/habit-stats/components/habits-page.tsx';

/**
 * What mfe_quests exposes as './routes': descendant routes relative to where the shell mounts them (its
 * root), with no Router, QueryClient or ConfigProvider of its own. '/' for signed-in users is the index.
 */
export default function QuestsRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardRoute />} />
      <Route path="dashboard" element={<DashboardRoute />} />
      <Route path="quests" element={<QuestLogRoute />} />
      <Route path="quests/habits" element={<HabitsPage />} />
      <Route path="quests/habits/:id" element={<HabitPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
