import { useEffect, useLayoutEffect, useState } from 'react';
import { LOGIN_URL, releaseFirstScreen } from '@levelup/web-kit';
import { DEMO_HASH } from '../../lib/demo-hash.ts';
import { HowItWorksDialog, PRERENDERED_DEMO_ID } from './how-it-works-dialog.tsx';
import { LANDING_FEATURES, LANDING_STATS, SHOWCASE_ACHIEVEMENTS } from './landing-content.ts';
import { landingCss } from './landing-styles.ts';
import { SampleQuest } from './sample-quest.tsx';

/** Whether the page was opened (or the prerendered page's link pressed) with the demo's hash. */
const demoInHash = () => typeof window !== 'undefined' && window.location.hash === DEMO_HASH;

/**
 * The public page for visitors at / (Landing page): hero with
 * both calls to action, marketing stats, the four feature cards, an achievement showcase, a rotating
 * sample quest, the early-access banner, and 'See How It Works' with working demos. Its sign-in links go
 * to `loginHref`: in the browser loginUrl() (with the browser's zone); prerendered, the plain LOGIN_URL,
 * which the page's own script completes (landing-prerender.tsx).
 */
export function LandingPage({
  loginHref = LOGIN_URL,
  prerendered = false,
}: {
  loginHref?: string;
  /** Written at build time: the demo's buttons wait for the app, the page's script opens the dialog. */
  prerendered?: boolean;
}) {
  // The prerendered page's 'See How It Works' opens its own copy of the dialog and sets the hash, and
  // so does a link to /#how-it-works: the app's page opens with the dialog open.
  const [demo, setDemo] = useState(demoInHash);
  // The page is the app's now: the prerendered copy held while it loaded is let go, and so is the
  // prerendered dialog (moved out of the page when it opened): this page's own takes its place in the
  // same frame.
  useLayoutEffect(() => {
    if (prerendered) return;
    for (const copy of document.querySelectorAll(`#${PRERENDERED_DEMO_ID}`)) copy.remove();
  }, [prerendered]);
  useEffect(() => releaseFirstScreen(), []);
  useEffect(() => {
    const openFromHash = () => {
      if (demoInHash()) setDemo(true);
    };
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, []);
  const closeDemo = () => {
    setDemo(false);
    if (demoInHash())
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
  };
  return (
    <div className="lu-landing">
      <style>{landingCss}</style>
      <p className="lu-landing-banner" role="note">
        <strong>Early access beta:</strong> Level Up is free while we build it with our first
        adventurers. Your feedback shapes what comes next.
      </p>
      <section aria-labelledby="landing-title" className="lu-landing-hero">
        <span className="lu-landing-badge">Gamified Life Organization</span>
        <h1 id="landing-title" style={{ fontSize: 48, margin: 0, lineHeight: 1.1 }}>
          Level Up Your Life.
        </h1>
        <p style={{ maxWidth: 560, fontSize: 18, margin: 0 }}>
          Turn routines and tasks into quests, earn XP and levels, keep your streaks, and share
          progress with a supportive community.
        </p>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', justifyContent: 'center' }}>
          <a className="lu-btn lu-btn-primary" href={loginHref}>
            Start Your First Quest or Sign In
          </a>
          <a
            className="lu-btn"
            href={DEMO_HASH}
            onClick={(event) => {
              event.preventDefault();
              setDemo(true);
            }}
          >
            See How It Works
          </a>
        </div>
      </section>

      <section aria-label="Level Up in numbers">
        <ul className="lu-landing-grid">
          {LANDING_STATS.map((stat) => (
            <li key={stat.label} className="lu-landing-card" style={{ textAlign: 'center' }}>
              <span className="lu-landing-stat">{stat.value}</span>
              <span>{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Features">
        <ul className="lu-landing-grid">
          {LANDING_FEATURES.map((feature) => (
            <li key={feature.title} className="lu-landing-card">
              <h2 style={{ fontSize: 18, marginTop: 0 }}>{feature.title}</h2>
              <p style={{ margin: 0 }}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="lu-landing-grid" style={{ alignItems: 'stretch' }}>
        <section aria-labelledby="showcase-title" className="lu-landing-card">
          <h2 id="showcase-title" style={{ fontSize: 18, marginTop: 0 }}>
            Achievements to earn
          </h2>
          <ul style={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 6 }}>
            {SHOWCASE_ACHIEVEMENTS.map((achievement) => (
              <li key={achievement.name}>
                <strong>{achievement.name}</strong>: {achievement.text}
              </li>
            ))}
          </ul>
        </section>
        <SampleQuest />
      </div>

      <section aria-labelledby="join-title" className="lu-landing-hero">
        <h2 id="join-title" style={{ margin: 0 }}>
          Ready for your first quest?
        </h2>
        <a className="lu-btn lu-btn-primary" href={loginHref}>
          Sign In to Start
        </a>
      </section>

      <HowItWorksDialog open={demo} onClose={closeDemo} prerendered={prerendered} />
    </div>
  );
}
