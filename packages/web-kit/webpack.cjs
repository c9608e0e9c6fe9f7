// The webpack config of every frontend (shell and remotes), so that loaders, federation options and output
// naming are the same everywhere. A frontend's webpack.config.cjs is a call to createFrontendConfig.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { sharedModules } = require('./federation.cjs');

/**
 * @param {{ dir: string, name: string, title: string, exposes?: Record<string, string>, shell?: boolean }} options
 */
function createFrontendConfig({ dir, name, title, exposes, shell = false }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      context: dir,
      entry: { main: './src/index.ts' },
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        // 'auto' lets a remote find its chunks next to its manifest wherever the gateway mounts it.
        publicPath: shell ? '/' : 'auto',
        // Entry files keep stable names and are served no-cache (the federation runtime cannot template a
        // content hash into them); every other chunk is content-hashed and immutable.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { target: 'es2022', jsx: 'automatic' },
          },
        ],
      },
      // No runtimeChunk: it breaks container registration of a remote.
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: production ? 'deterministic' : 'named',
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          manifest: true,
          dts: false,
          exposes: exposes ?? {},
          shared: sharedModules(),
          // The shell owns the platform versions; remotes are loaded on demand, so one offline remote
          // cannot stall start-up (architecture-research.md 1.2).
          ...(shell ? { shareStrategy: 'loaded-first' } : {}),
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          chunks: ['main'],
        }),
      ],
    };
  };
}

module.exports = { createFrontendConfig };
