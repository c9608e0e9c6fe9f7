import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, PageSpinner } from '@levelup/web-kit';
import { DashboardRoute } from './app/dashboard-route.tsx';
import { QuestLogRoute } from './app/quest-log-route.tsx';

// The habit pages (and their charts) load when opened, never with the dashboard. The Quest Log is one
// press from it and comes with it (its filter bar's fields load on their first showing).
const HabitPage = lazy(async () => ({
  default: (await import('./features/habit-stats/components/habit-page.tsx')).HabitPage,
}));
const HabitsRoute = lazy(async () => ({
  default: (await import('./app/habits-route.tsx')).HabitsRoute,
}));
const later = (page: ReactNode) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>;

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
      <Route path="quests/habits" element={later(<HabitsRoute />)} />
      <Route path="quests/habits/:id" element={later(<HabitPage />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
