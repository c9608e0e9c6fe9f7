import { renderToStaticMarkup } from 'react-dom/server';
import { FIRST_SCREEN_BADGE_SLOT, FIRST_SCREEN_HEADING_SLOT } from '@levelup/contracts';
import { THEME_STORAGE_KEY } from '@levelup/web-kit';
import { layoutCss } from '../features/navigation/layout-styles.ts';
import { StaticHeader, themeScript } from './static-header.tsx';

/**
 * The first screen's few rules: links the size of antd's default buttons, the founder badge as the app's
 * gold tag in either theme (colours read off the app's own), and a placeholder card of the page's colours
 * with four grey lines.
 */
const firstScreenCss = `
.lu-first-link{display:inline-flex;align-items:center;height:32px;padding:0 15px;border-radius:6px;font-size:14px;text-decoration:none;border:1px solid var(--lu-border);background:var(--lu-surface);color:inherit;box-sizing:border-box}
.lu-first-tag{font-size:12px;line-height:20px;padding:0 7px;border-radius:6px;border:1px solid transparent;background:#fffbe6;color:#874d00}
html[data-theme=dark] .lu-first-tag{background:#2b2111;color:#e8b339}
.lu-first-card{border:1px solid var(--lu-border);border-radius:8px;background:var(--lu-surface);padding:24px;display:grid;gap:16px}
.lu-first-line{height:16px;border-radius:4px;background:var(--lu-hover)}
`;

/**
 * The dashboard's first screen (contracts first-screen.ts): the signed-in navigation, the
 * dashboard's header with its heading and page links, and one placeholder card where the page's cards
 * will be, laid out as DashboardPage lays them out. The build writes it into dist/first-screen.html with
 * the heading and the founder badge as slots; the gateway fills the slot for each signed-in user and embeds the dashboard's
 * reads, and the app's JavaScript loads at once and takes over (web-kit FirstScreenOr keeps this markup
 * on screen until the dashboard is whole).
 */
function StaticFirstScreen() {
  return (
    <>
      <style>{layoutCss + firstScreenCss}</style>
      <StaticHeader active="/" />
      <main id="main" className="lu-main" tabIndex={-1}>
        <div style={{ display: 'grid', gap: 24 }}>
          <header
            style={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 16,
              flexWrap: 'wrap',
              alignItems: 'center',
            }}
          >
            <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
              <h1 style={{ margin: 0, fontSize: 28 }}>{FIRST_SCREEN_HEADING_SLOT}</h1>
              {FIRST_SCREEN_BADGE_SLOT}
            </div>
            <div style={{ display: 'flex', gap: 8 }}>
              <a className="lu-first-link" href="/quests">
                View Quests
              </a>
              <a className="lu-first-link" href="/goals">
                Manage Goals
              </a>
            </div>
          </header>
          <div className="lu-first-card" role="status" aria-label="Loading your dashboard">
            {[100, 90, 95, 60].map((width) => (
              <div key={width} className="lu-first-line" style={{ width: `${width}%` }} />
            ))}
          </div>
        </div>
      </main>
    </>
  );
}

export function renderFirstScreenHtml(): { head: string; body: string } {
  return {
    head: `<script>${themeScript(THEME_STORAGE_KEY)}</script>`,
    body: renderToStaticMarkup(<StaticFirstScreen />),
  };
}
