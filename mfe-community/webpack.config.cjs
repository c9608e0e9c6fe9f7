const { createFrontendConfig } = require('@levelup/web-kit/webpack');

module.exports = createFrontendConfig({
  dir: __dirname,
  name: 'mfe_community',
  title: 'Level Up: Community',
  exposes: { './routes': './src/routes.tsx' },
});
