import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@levelup/web-kit';
import { TalentTreePage } from './features/talent-tree/components/talent-tree-page.tsx';

/** What mfe_progression exposes as './routes' (relative to the shell's root; no providers of its own). */
export default function ProgressionRoutes() {
  return (
    <Routes>
      <Route path="talent-tree" element={<TalentTreePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
