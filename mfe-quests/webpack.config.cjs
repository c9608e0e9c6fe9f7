const { createFrontendConfig } = require('@levelup/web-kit/webpack');

module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'mfe_quests',
  title: 'Level Up: Quests',
  exposes: { './routes': './src/routes.tsx' },
});
