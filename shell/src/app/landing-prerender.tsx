import { renderToStaticMarkup } from 'react-dom/server';
import { LOGIN_URL, THEME_STORAGE_KEY } from '@levelup/web-kit';
import {
  DEMO_CLOSE_ATTRIBUTE,
  PRERENDERED_DEMO_ID,
} from '../features/landing/how-it-works-dialog.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { DEMO_HASH } from '../lib/demo-hash.ts';
import { layoutCss } from '../features/navigation/layout-styles.ts';
import { StaticHeader, themeScript } from './static-header.tsx';

/**
 * The landing page as HTML at build time: a visitor's first paint needs no JavaScript. The
 * header repeats the app's signed-out navigation with plain links; the page is the same LandingPage the
 * app renders. The build writes it into dist/landing.html (shell/webpack.config.cjs), the shell's static
 * server answers / with it when there is no session cookie, and the app's JavaScript loads on the first
 * interaction (or a #how-it-works link), then renders the same page over it.
 */
function StaticLanding() {
  return (
    <>
      <style>{layoutCss}</style>
      <StaticHeader
        active="/"
        actions={
          <>
            <a className="lu-btn" href={LOGIN_URL}>
              Sign In
            </a>
            <a className="lu-btn lu-btn-primary lu-nav-desktop" href={LOGIN_URL}>
              Join Community
            </a>
          </>
        }
      />
      <main id="main" className="lu-main" tabIndex={-1}>
        <LandingPage prerendered />
      </main>
    </>
  );
}

/**
 * The page's sign-in links carry the browser's zone, as web-kit's loginUrl() does in the app: an account
 * made by that sign-in starts in it. Prerendered HTML cannot know the zone; this sets it at once.
 */
const loginLinksScript = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z)document.querySelectorAll('a[href=${JSON.stringify(LOGIN_URL)}]').forEach(function(a){a.href=${JSON.stringify(`${LOGIN_URL}?timeZone=`)}+encodeURIComponent(z)})}catch(e){}})();`;

const hash = JSON.stringify(DEMO_HASH);

/**
 * 'See How It Works' before the app has loaded: the page's copy of the dialog opens at the press (moved
 * out of the page, which the app replaces, into the body), the hash records it, and the app is started;
 * the app's landing page then opens its own dialog from the hash and removes this one. Closing it
 * (Close or Escape) clears the hash.
 */
const demoScript = `var d=document.getElementById(${JSON.stringify(PRERENDERED_DEMO_ID)});function demo(){if(!d||!d.isConnected)return false;document.body.appendChild(d);if(!d.open)d.showModal();history.replaceState(null,'',${hash});boot();return true}if(d){d.addEventListener('close',function(){if(location.hash===${hash})history.replaceState(null,'',location.pathname+location.search)});d.querySelectorAll('[${DEMO_CLOSE_ATTRIBUTE}]').forEach(function(b){b.addEventListener('click',function(){d.close()})})}document.querySelectorAll('a[href=${hash}]').forEach(function(a){a.addEventListener('pointerenter',boot,{once:true,passive:true});a.addEventListener('click',function(e){if(demo())e.preventDefault()})});if(location.hash===${hash}){demo();boot()}`;

/**
 * Completes the sign-in links, then loads the app (its entry script, `src`) on the first sign of
 * interaction or a #how-it-works link; until then the page is plain HTML and costs the phone no script work.
 * A pointer coming over 'See How It Works' is such a sign: the app starts loading before the click.
 */
export const appLoaderScript = (src: string) =>
  `${loginLinksScript}(function(){var s=false;function boot(){if(s)return;s=true;var e=document.createElement('script');e.src=${JSON.stringify(src)};e.defer=true;document.body.appendChild(e)}['pointerdown','keydown','touchstart','focusin'].forEach(function(n){addEventListener(n,boot,{once:true,passive:true})});addEventListener('hashchange',boot);${demoScript}})();`;

export function renderLandingHtml(): { head: string; body: string } {
  return {
    head: `<script>${themeScript(THEME_STORAGE_KEY)}</script>`,
    body: renderToStaticMarkup(<StaticLanding />),
  };
}
