const { createFrontendConfig } = require('@levelup/web-kit/webpack');
const { PrerenderLandingPlugin } = require('./prerender-landing-plugin.cjs');

// The shell: no remotes baked in; it registers them at run time from /config/remotes.json. Its landing page
// is also written as HTML at build time (landing.html).
module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Level Up',
  shell: true,
  plugins: [new PrerenderLandingPlugin({ dir: __dirname })],
});
