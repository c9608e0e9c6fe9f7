// The webpack config of every frontend (shell and remotes), so that loaders, federation options and output
// naming are the same everywhere. A frontend's webpack.config.cjs is a call to createFrontendConfig.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { sharedModules } = require('./federation.cjs');
const { ChunkScriptLoaderPlugin } = require('./chunk-script-loader.cjs');
const fs = require('node:fs');
const webpack = require('webpack');

/**
 * Emits asset-list.json: every JavaScript file of the build, so the shell's service worker can keep the
 * whole app on the device for offline use (a lazy chunk first needed offline would fail otherwise).
 */
class AssetListPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('AssetListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'AssetListPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        (assets) => {
          const files = Object.keys(assets)
            .filter((name) => name.endsWith('.js'))
            .sort();
          compilation.emitAsset('asset-list.json', new RawSource(JSON.stringify({ files })));
        },
      );
    });
  }
}

/** Emits every file of `dir` (the shell's public/: manifest, icons, service worker) into the build as is. */
class CopyPublicFilesPlugin {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CopyPublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CopyPublicFilesPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          if (!fs.existsSync(this.dir)) return;
          for (const name of fs.readdirSync(this.dir)) {
            const file = path.join(this.dir, name);
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

/**
 * @param {{ dir: string, name: string, title: string, exposes?: Record<string, string>, shell?: boolean, plugins?: object[] }} options
 */
function createFrontendConfig({ dir, name, title, exposes, shell = false, plugins = [] }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // npm run deploy:remote builds a release into a staging folder. Its entry files say which release they
    // are (self.levelupReleases[name] in the browser); the hashed chunks stay byte for byte the same while
    // their code is, so browsers keep them cached across releases.
    const release = process.env.LEVELUP_RELEASE;
    return {
      context: dir,
      entry: { main: './src/index.ts' },
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: process.env.LEVELUP_OUTPUT_DIR ?? path.join(dir, 'dist'),
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
          {
            test: /@module-federation[\\/]runtime-core[\\/]dist[\\/]shared[\\/]index\.js$/,
            loader: path.join(__dirname, 'share-init-once-loader.cjs'),
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
          shared: sharedModules({ shell }),
          // Browser-only runtime; a remote loads no remotes of its own, so it leaves out the code that would
          // (remote loading and manifest snapshots), which the shell keeps.
          experiments: {
            optimization: {
              target: 'web',
              ...(shell ? {} : { disableRemote: true, disableSnapshot: true }),
            },
          },
          // The shell owns the platform versions; remotes are loaded on demand, so one offline remote
          // cannot stall start-up (the default, 'version-first', fetches every remote's entry first).
          ...(shell ? { shareStrategy: 'loaded-first' } : {}),
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          chunks: ['main'],
          // The shell is the installable app: manifest, icons and theme colour in its page only.
          shell,
        }),
        ...(shell ? [new CopyPublicFilesPlugin(path.join(dir, 'public'))] : []),
        new AssetListPlugin(),
        new ChunkScriptLoaderPlugin(),
        ...(release
          ? [
              new webpack.BannerPlugin({
                raw: true,
                entryOnly: true,
                banner: `(self.levelupReleases=self.levelupReleases||{})[${JSON.stringify(name)}]=${JSON.stringify(release)};`,
              }),
            ]
          : []),
        ...plugins,
      ],
    };
  };
}

module.exports = { createFrontendConfig };
