// webpack's loader of chunk scripts (__webpack_require__.l), replaced for every frontend.
// A first dashboard load asks for about 80 chunks in one go: the federation runtime negotiates the shared
// modules and every chunk they need is requested in the same task. webpack's own loader then (1) looks for
// an existing <script> with the same src by walking every script of the document in JavaScript, for each
// chunk (some 6,000 attribute reads), and (2) inserts each <script> at once. Profiled on a first load,
// those two were about 40 ms of the 120 ms task that starts the app, and Lighthouse multiplies a task by four
// on its phone profile: the task blocked the main thread for some 300 ms.
// This loader asks the document once per chunk with a native selector, and inserts the scripts a few at a
// time, each batch in its own task (a MessageChannel message: no timer clamping), so the downloads still
// start at once but the work is cut into short tasks. Everything else is webpack's loader as it was: one
// request per URL, the same done callbacks, the chunk load timeout, the nonce,
// data-webpack, fetchpriority.
const { RuntimeGlobals, RuntimeModule, Template } = require('webpack');

const BATCH = 8;

/**
 * The loader's code: it sets __webpack_require__.l as webpack's own does (same arguments, same callbacks).
 * @param {{ uniqueName: string, chunkLoadTimeout: number, scriptType?: string | false, charset?: boolean, withFetchPriority?: boolean }} options
 */
function chunkScriptLoaderSource({
  uniqueName,
  chunkLoadTimeout,
  scriptType,
  charset,
  withFetchPriority,
}) {
  const prefix = JSON.stringify(`${uniqueName}:`);
  const nonce = RuntimeGlobals.scriptNonce;
  return Template.asString([
    'const inProgress = {};',
    'const queue = [];',
    'let scheduled = false;',
    'const channel = new MessageChannel();',
    'channel.port1.onmessage = () => {',
    Template.indent([
      `for (const script of queue.splice(0, ${BATCH})) document.head.appendChild(script);`,
      'if (queue.length) channel.port2.postMessage(0);',
      'else scheduled = false;',
    ]),
    '};',
    `${RuntimeGlobals.loadScript} = (url, done, key${withFetchPriority ? ', chunkId, fetchPriority' : ''}) => {`,
    Template.indent([
      'if (inProgress[url]) { inProgress[url].push(done); return; }',
      'let script;',
      'let needAttach = false;',
      'if (key !== undefined) {',
      Template.indent(
        `script = document.querySelector('script[src="' + CSS.escape(url) + '"],script[data-webpack="' + CSS.escape(${prefix} + key) + '"]');`,
      ),
      '}',
      'if (!script) {',
      Template.indent([
        'needAttach = true;',
        "script = document.createElement('script');",
        scriptType ? `script.type = ${JSON.stringify(scriptType)};` : '',
        charset ? "script.charset = 'utf-8';" : '',
        `if (${nonce}) script.setAttribute('nonce', ${nonce});`,
        `script.setAttribute('data-webpack', ${prefix} + key);`,
        withFetchPriority
          ? "if (fetchPriority) script.setAttribute('fetchpriority', fetchPriority);"
          : '',
        'script.src = url;',
      ]),
      '}',
      'inProgress[url] = [done];',
      'const onScriptComplete = (prev, event) => {',
      Template.indent([
        'script.onerror = script.onload = null;',
        'clearTimeout(timeout);',
        'const doneFns = inProgress[url];',
        'delete inProgress[url];',
        'script.parentNode?.removeChild(script);',
        'doneFns?.forEach((fn) => fn(event));',
        'if (prev) return prev(event);',
      ]),
      '};',
      `const timeout = setTimeout(onScriptComplete.bind(null, undefined, { type: 'timeout', target: script }), ${chunkLoadTimeout});`,
      'script.onerror = onScriptComplete.bind(null, script.onerror);',
      'script.onload = onScriptComplete.bind(null, script.onload);',
      'if (!needAttach) return;',
      'queue.push(script);',
      'if (!scheduled) { scheduled = true; channel.port2.postMessage(0); }',
    ]),
    '};',
  ]);
}

class ChunkScriptLoaderRuntimeModule extends RuntimeModule {
  /** @param {boolean} withFetchPriority a chunk is imported with webpackFetchPriority */
  constructor(withFetchPriority) {
    super('load script in batches');
    this.withFetchPriority = withFetchPriority;
  }

  generate() {
    return chunkScriptLoaderSource({
      ...this.compilation.outputOptions,
      withFetchPriority: this.withFetchPriority,
    });
  }
}

class ChunkScriptLoaderPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkScriptLoaderPlugin', (compilation) => {
      const { trustedTypes, crossOriginLoading } = compilation.outputOptions;
      if (trustedTypes || crossOriginLoading)
        throw new Error(
          'ChunkScriptLoaderPlugin: output.trustedTypes and output.crossOriginLoading are not supported; add them to the loader or remove the plugin',
        );
      // Runs before webpack's RuntimePlugin on the same bail hook, so webpack's loader is never added.
      compilation.hooks.runtimeRequirementInTree
        .for(RuntimeGlobals.loadScript)
        .tap({ name: 'ChunkScriptLoaderPlugin', stage: -10 }, (chunk, set) => {
          const withFetchPriority = set.has(RuntimeGlobals.hasFetchPriority);
          compilation.addRuntimeModule(
            chunk,
            new ChunkScriptLoaderRuntimeModule(withFetchPriority),
          );
          return true;
        });
    });
  }
}

module.exports = { ChunkScriptLoaderPlugin, chunkScriptLoaderSource };
