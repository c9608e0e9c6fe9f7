import type { ReactNode } from 'react';
import { navLinks } from '../features/navigation/nav-links.ts';

/**
 * The app's top navigation as plain HTML, for the pages written before any JavaScript runs (the landing
 * page at build time, the dashboard's first screen by the gateway): the same classes as TopNav, with plain
 * links, so the app's own header takes its place without a move.
 */
export function StaticHeader({ active, actions }: { active: string; actions?: ReactNode }) {
  return (
    <>
      <a href="#main" className="lu-skip-link">
        Skip to content
      </a>
      <header className="lu-header">
        <a href="/" className="lu-brand" aria-label="Level Up home">
          Level Up
        </a>
        <nav aria-label="Main" className="lu-nav-desktop">
          <ul className="lu-nav-list">
            {navLinks.map((link) => (
              <li key={link.to}>
                <a
                  href={link.to}
                  className={`lu-nav-link${link.to === active ? ' active' : ''}`}
                  aria-current={link.to === active ? 'page' : undefined}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {actions && <div className="lu-header-actions">{actions}</div>}
      </header>
    </>
  );
}

/** Sets the theme before the first paint, as the app's ThemeProvider would (web-kit theme-context). */
export const themeScript = (storageKey: string) =>
  `(function(){var p='system';try{p=localStorage.getItem(${JSON.stringify(storageKey)})||'system'}catch(e){}var d=p==='dark'||(p!=='light'&&window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches);var t=d?'dark':'light';document.documentElement.dataset.theme=t;document.documentElement.style.colorScheme=t})();`;
