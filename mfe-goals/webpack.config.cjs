const { createFrontendConfig } = require('@levelup/web-kit/webpack');

module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'mfe_goals',
  title: 'Level Up: Goals',
  exposes: { './routes': './src/routes.tsx' },
});
