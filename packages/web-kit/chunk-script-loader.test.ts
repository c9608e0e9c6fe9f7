import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import webpack from 'webpack';

const require = createRequire(import.meta.url);
const { ChunkScriptLoaderPlugin, chunkScriptLoaderSource } =
  require('./chunk-script-loader.cjs') as {
    ChunkScriptLoaderPlugin: new () => object;
    chunkScriptLoaderSource: (options: object) => string;
  };

type Done = (event: { type: string }) => void;
type Load = (
  url: string,
  done: Done,
  key?: string,
  chunkId?: string | number,
  fetchPriority?: string,
) => void;

/** A MessageChannel whose messages the test delivers, one task at a time. */
class ManualChannel {
  static last: ManualChannel;
  pending = 0;
  port1: { onmessage: (() => void) | null } = { onmessage: null };
  port2 = { postMessage: () => void (this.pending += 1) };
  constructor() {
    ManualChannel.last = this;
  }
  /** Runs the next posted task; false when none is waiting. */
  next() {
    if (this.pending === 0) return false;
    this.pending -= 1;
    this.port1.onmessage?.();
    return true;
  }
}

/** The loader as a built frontend runs it, with jsdom's document and the test's channel. */
function loader(
  options: { chunkLoadTimeout?: number; nonce?: string; withFetchPriority?: boolean } = {},
) {
  const webpackRequire: { l?: Load; nc?: string } = { nc: options.nonce };
  const source = chunkScriptLoaderSource({
    uniqueName: 'shell',
    chunkLoadTimeout: options.chunkLoadTimeout ?? 120_000,
    charset: true,
    withFetchPriority: options.withFetchPriority,
  });
  // jsdom has no CSS.escape; the values here need no escaping.
  new Function('__webpack_require__', 'MessageChannel', 'CSS', source)(
    webpackRequire,
    ManualChannel,
    {
      escape: (value: string) => value,
    },
  );
  return { load: webpackRequire.l!, channel: ManualChannel.last };
}

const scriptsInHead = () => [...document.head.querySelectorAll('script')];

beforeEach(() => {
  document.head.innerHTML = '';
});

describe('chunk script loader', () => {
  it('inserts the scripts of one request wave a few per task, not all in the task that asked for them', () => {
    const { load, channel } = loader();
    for (let i = 0; i < 20; i += 1) load(`/chunk-${i}.js`, () => {}, `chunk-${i}`, i);

    expect(scriptsInHead()).toHaveLength(0);
    const perTask: number[] = [];
    while (channel.next()) perTask.push(scriptsInHead().length);

    expect(perTask).toEqual([8, 16, 20]);
    expect(scriptsInHead().map((script) => script.getAttribute('src'))).toEqual(
      Array.from({ length: 20 }, (_, i) => `/chunk-${i}.js`),
    );
    const [first] = scriptsInHead();
    expect(first?.getAttribute('data-webpack')).toBe('shell:chunk-0');
    expect(first?.getAttribute('charset')).toBe('utf-8');
  });

  it('asks once for a URL asked for twice and tells both callers, then removes the script', () => {
    const { load, channel } = loader({ nonce: 'abc' });
    const first = vi.fn<Done>();
    const second = vi.fn<Done>();
    load('/chunk-1.js', first, 'chunk-1', 1);
    load('/chunk-1.js', second, 'chunk-1', 1);
    channel.next();

    const scripts = scriptsInHead();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('nonce')).toBe('abc');
    scripts[0]!.dispatchEvent(new Event('load'));

    expect(first).toHaveBeenCalledWith(expect.objectContaining({ type: 'load' }));
    expect(second).toHaveBeenCalledWith(expect.objectContaining({ type: 'load' }));
    expect(scriptsInHead()).toHaveLength(0);
  });

  it("sets a chunk's fetch priority when the build asks for one", () => {
    const { load, channel } = loader({ withFetchPriority: true });
    load('/urgent.js', () => {}, 'chunk-urgent', 'urgent', 'high');
    channel.next();
    expect(scriptsInHead()[0]?.getAttribute('fetchpriority')).toBe('high');
  });

  it('takes a script already in the page for the chunk instead of inserting another', () => {
    const existing = document.createElement('script');
    existing.setAttribute('data-webpack', 'shell:chunk-7');
    document.head.append(existing);
    const { load, channel } = loader();
    const done = vi.fn<Done>();
    load('/chunk-7.js', done, 'chunk-7', 7);

    expect(channel.next()).toBe(false);
    expect(scriptsInHead()).toEqual([existing]);
    existing.dispatchEvent(new Event('load'));
    expect(done).toHaveBeenCalledOnce();
  });

  it('reports a script that fails to load, and one that takes longer than the chunk load timeout', () => {
    vi.useFakeTimers();
    try {
      const { load, channel } = loader({ chunkLoadTimeout: 1000 });
      const failed = vi.fn<Done>();
      const late = vi.fn<Done>();
      load('/broken.js', failed, 'chunk-broken', 'broken');
      load('/slow.js', late, 'chunk-slow', 'slow');
      channel.next();

      scriptsInHead()[0]!.dispatchEvent(new Event('error'));
      expect(failed).toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
      expect(late).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1000);
      expect(late).toHaveBeenCalledWith(expect.objectContaining({ type: 'timeout' }));
      expect(scriptsInHead()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ChunkScriptLoaderPlugin', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'chunk-script-loader-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("replaces webpack's loader in a build that loads a chunk", async () => {
    writeFileSync(join(dir, 'index.js'), "import('./lazy.js');\n");
    writeFileSync(join(dir, 'lazy.js'), 'export const lazy = 1;\n');
    const build = (plugins: object[]) =>
      new Promise<string>((resolve, reject) =>
        webpack({
          context: dir,
          entry: './index.js',
          mode: 'development',
          devtool: false,
          output: {
            path: join(dir, plugins.length ? 'with' : 'without'),
            uniqueName: 'probe',
            publicPath: '/', // 'auto' would add a script search of its own
          },
          plugins: plugins as never[],
        }).run((error, stats) => {
          if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
          else
            resolve(
              readFileSync(join(dir, plugins.length ? 'with' : 'without', 'main.js'), 'utf8'),
            );
        }),
      );

    const without = await build([]);
    const withPlugin = await build([new ChunkScriptLoaderPlugin()]);

    expect(without).toContain('document.getElementsByTagName("script")');
    expect(withPlugin).not.toContain('document.getElementsByTagName("script")');
    expect(withPlugin).toContain('load script in batches');
    expect(withPlugin).toContain("document.querySelector('script[src=\"'");
  });
});
