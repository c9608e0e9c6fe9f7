import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@levelup/web-kit';
import { DashboardPage } from './features/dashboard/components/dashboard-page.tsx';
import { QuestLogPage } from './features/quests/components/quest-log-page.tsx';
import { TodaysQuests } from './features/quests/components/todays-quests.tsx';
import { useQuests } from './features/quests/hooks/use-quests.ts';

function Dashboard() {
  const quests = useQuests();
  return <DashboardPage questCount={quests.data?.length} questsPanel={<TodaysQuests />} />;
}

/**
 * What mfe_quests exposes as './routes': descendant routes relative to where the shell mounts them (its
 * root), with no Router, QueryClient or ConfigProvider of its own. '/' for signed-in users is the index.
 */
export default function QuestsRoutes() {
  return (
    <Routes>
      <Route index element={<Dashboard />} />
      <Route path="dashboard" element={<Dashboard />} />
      <Route path="quests" element={<QuestLogPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
