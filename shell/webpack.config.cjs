const { createFrontendConfig } = require('@levelup/web-kit/webpack');
const { PrerenderPagesPlugin } = require('./prerender-pages-plugin.cjs');

// The shell: no remotes baked in; it registers them at run time from /config/remotes.json. Its landing page
// and the dashboard's first screen are also written as HTML at build time (landing.html, first-screen.html).
module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Level Up',
  shell: true,
  plugins: [new PrerenderPagesPlugin({ dir: __dirname })],
});
