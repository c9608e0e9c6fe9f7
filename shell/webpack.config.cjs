const { createFrontendConfig } = require('@levelup/web-kit/webpack');

// The shell: no remotes baked in; it registers them at run time from /config/remotes.json.
module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Level Up',
  shell: true,
});
