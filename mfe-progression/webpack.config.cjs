const { createFrontendConfig } = require('@levelup/web-kit/webpack');

module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'mfe_progression',
  title: 'Level Up: Progression',
  exposes: { './routes': './src/routes.tsx' },
});
