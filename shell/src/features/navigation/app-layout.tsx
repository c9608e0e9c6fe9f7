import { Outlet } from 'react-router-dom';
import { layoutCss } from './layout-styles.ts';
import { TopNav } from './top-nav.tsx';

/**
 * Navigation on every screen, the page in <main>. `onLogoutIntent` runs when a signed-in user reaches for
 * Logout (see TopNav).
 */
export function AppLayout({ onLogoutIntent }: { onLogoutIntent?: () => void }) {
  return (
    <>
      <style>{layoutCss}</style>
      <a href="#main" className="lu-skip-link">
        Skip to content
      </a>
      <TopNav onLogoutIntent={onLogoutIntent} />
      <main id="main" className="lu-main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
