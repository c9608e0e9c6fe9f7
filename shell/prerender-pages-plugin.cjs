// Writes the shell's server-written pages at build time, each the index page with its HTML already
// in #root and the theme set before the first paint:
// - dist/landing.html: the landing page, with the app's entry script loaded on the first interaction instead
//   of at once (src/app/landing-prerender.tsx); the shell's static server answers / with it for visitors.
// - dist/first-screen.html: the dashboard's first screen with its heading as a slot, the entry script loaded
//   at once (src/app/first-screen-prerender.tsx); the gateway fills it for signed-in users (first-screen.ts).
// Each page is compiled for Node with esbuild and rendered with react-dom/server.
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

class PrerenderPagesPlugin {
  constructor({ dir }) {
    this.dir = dir;
  }

  async render(entry) {
    const esbuild = require('esbuild');
    const result = await esbuild.build({
      entryPoints: [path.join(this.dir, entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      jsx: 'automatic',
      write: false,
      logLevel: 'error',
      // One React for the page and the renderer: Node loads these itself.
      external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    // Written under the shell's node_modules so Node resolves react from the workspace.
    const cacheDir = path.join(this.dir, 'node_modules/.cache');
    fs.mkdirSync(cacheDir, { recursive: true });
    const file = path.join(
      cacheDir,
      `${path.basename(entry, '.tsx')}-${process.pid}-${Date.now()}.mjs`,
    );
    fs.writeFileSync(file, result.outputFiles[0].text);
    try {
      return await import(pathToFileURL(file).href);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrerenderPagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        {
          name: 'PrerenderPagesPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        async (assets) => {
          const index = assets['index.html'];
          if (!index) throw new Error('PrerenderPagesPlugin: no index.html in the build');
          const html = index.source().toString();
          // The template is minified: attribute quotes may be gone.
          const entry = html.match(/<script\b[^>]*\bsrc=("?)([^" >]*main\.js)\1[^>]*><\/script>/);
          const root = html.match(/<div id=("?)root\1><\/div>/);
          if (!entry || !root)
            throw new Error(
              'PrerenderPagesPlugin: no main.js script tag or empty #root in index.html',
            );
          const { renderLandingHtml, appLoaderScript } = await this.render(
            'src/app/landing-prerender.tsx',
          );
          const landingPage = renderLandingHtml();
          const landing = html
            .replace(entry[0], `${landingPage.head}<link rel="prefetch" href="${entry[2]}">`)
            .replace(root[0], `<div id="root" data-prerendered="landing">${landingPage.body}</div>`)
            .replace('</body>', `<script>${appLoaderScript(entry[2])}</script></body>`);
          compilation.emitAsset('landing.html', new RawSource(landing));

          const { renderFirstScreenHtml } = await this.render('src/app/first-screen-prerender.tsx');
          const firstScreen = renderFirstScreenHtml();
          compilation.emitAsset(
            'first-screen.html',
            new RawSource(
              html
                .replace(entry[0], `${firstScreen.head}${entry[0]}`)
                .replace(
                  root[0],
                  `<div id="root" data-prerendered="first-screen">${firstScreen.body}</div>`,
                ),
            ),
          );
        },
      );
    });
  }
}

module.exports = { PrerenderPagesPlugin };
