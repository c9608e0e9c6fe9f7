// Writes dist/landing.html at build time (issue 16): the index page with the landing page's HTML already in
// #root, the theme set before the first paint, and the app's entry script loaded on the first interaction
// instead of at once. The page itself is src/app/landing-prerender.tsx, compiled for Node with esbuild and
// rendered with react-dom/server; the shell's static server answers / with it for visitors (serve.ts).
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

class PrerenderLandingPlugin {
  constructor({ dir }) {
    this.dir = dir;
  }

  async render() {
    const esbuild = require('esbuild');
    const result = await esbuild.build({
      entryPoints: [path.join(this.dir, 'src/app/landing-prerender.tsx')],
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
    const file = path.join(cacheDir, `landing-prerender-${process.pid}-${Date.now()}.mjs`);
    fs.writeFileSync(file, result.outputFiles[0].text);
    try {
      return await import(pathToFileURL(file).href);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrerenderLandingPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        {
          name: 'PrerenderLandingPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        async (assets) => {
          const index = assets['index.html'];
          if (!index) throw new Error('PrerenderLandingPlugin: no index.html in the build');
          const html = index.source().toString();
          // The template is minified: attribute quotes may be gone.
          const entry = html.match(/<script\b[^>]*\bsrc=("?)([^" >]*main\.js)\1[^>]*><\/script>/);
          const root = html.match(/<div id=("?)root\1><\/div>/);
          if (!entry || !root)
            throw new Error(
              'PrerenderLandingPlugin: no main.js script tag or empty #root in index.html',
            );
          const { renderLandingHtml, appLoaderScript } = await this.render();
          const { head, body } = renderLandingHtml();
          const landing = html
            .replace(entry[0], `${head}<link rel="prefetch" href="${entry[2]}">`)
            .replace(root[0], `<div id="root" data-prerendered="landing">${body}</div>`)
            .replace('</body>', `<script>${appLoaderScript(entry[2])}</script></body>`);
          compilation.emitAsset('landing.html', new RawSource(landing));
        },
      );
    });
  }
}

module.exports = { PrerenderLandingPlugin };
