// The static server of every frontend's dist/: correct types, caching that lets a remote be redeployed
// without a shell rebuild (entry files are revalidated, content-hashed files are immutable), brotli or
// gzip when the client accepts it, 404 for missing files, and an index.html fallback for the shell's
// client-side routes only. See architecture-research.md 1.1 and 1.4 (SPA fallback trap).
//
// sirv answers every file: path resolution inside the folder, Content-Length, Last-Modified, ETag and
// 304, Range and HEAD, streaming from disk. This file only picks which path to ask it for (/, the
// landing page, the SPA fallback), sets the headers that are ours (types with charset, Cache-Control,
// the pages' Content-Security-Policy), keeps a compressed copy of each compressible file for sirv's
// precompressed lookup, and answers 404/405/400.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, type Stats } from 'node:fs';
import { mkdir, open, rename, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { lookup } from 'mrmime';
import { pino } from 'pino';
import sirv, { type Options as SirvOptions } from 'sirv';

export interface StaticServerOptions {
  /** The folder to serve (a frontend's dist/). */
  root: string;
  port: number;
  host?: string;
  /** Serve index.html for unknown page paths (the shell's client-side routes). */
  spaFallback?: boolean;
  /** Log line prefix. */
  name?: string;
  /**
   * A page answered for / instead of index.html to visitors without this cookie (the shell's prerendered
   * landing page); with the cookie, / is index.html as before (a signed-in user's dashboard).
   */
  landingPage?: { file: string; unlessCookie: string };
}

/** Whether a Cookie header carries a cookie of this name. */
export function hasCookie(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/** Content-Type of a file name: mrmime's (sirv's) table, with a charset for text. */
export function contentTypeFor(fileName: string): string {
  const type = lookup(fileName) ?? (extname(fileName) === '.ico' ? 'image/x-icon' : undefined);
  if (!type) return 'application/octet-stream';
  return type.startsWith('text/') || type === 'application/json' ? `${type}; charset=utf-8` : type;
}

const compressibleType = /^(text\/|application\/(json|manifest\+json)$|image\/svg\+xml$)/;
/** Smaller files are sent as they are: compression would save less than it costs. */
const minimumCompressedSize = 1024;
type Encoding = 'br' | 'gzip';
const suffix: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
// Brotli quality 9, not 11: a copy is made when a version is first asked for, and 11 took 25 times as
// long (12 s for a 4.8 MB bundle on these machines, 0.5 s at 9, for a copy 12% larger; still a fifth
// smaller than gzip's).
const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: 9,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** The encoding to answer with: brotli over gzip; a coding with q=0 is refused. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(coding);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

// Files whose name does not change between builds: browsers must revalidate them.
const entryFiles = new Set([
  'index.html',
  'mf-manifest.json',
  'remoteEntry.js',
  'mf-stats.json',
  'asset-list.json',
]);
const hashedName = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** The sha256 sources of a page's inline scripts (`<script>...</script>` without src), for script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The pages' Content-Security-Policy: scripts only from this origin (the shell, the remotes
 * and their chunks all come through the gateway's one origin) plus the page's own inline scripts by
 * hash; styles may be inline (antd's CSS-in-JS writes <style> elements and style attributes); no
 * plugins, no framing, no foreign form targets.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Cache-Control for a served file name. */
export function cacheControlFor(fileName: string): string {
  if (entryFiles.has(fileName)) return 'no-cache';
  if (hashedName.test(fileName)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** Whether an unknown path may fall back to index.html (never assets, data files or remote paths). */
export function isPagePath(pathname: string): boolean {
  if (
    pathname.startsWith('/remotes/') ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/config/')
  )
    return false;
  return extname(pathname) === '';
}

/** What the server knows of one version (mtime and size) of a file. */
interface Version {
  mtimeMs: number;
  size: number;
  /** For HTML: the Content-Security-Policy that allows exactly its own inline scripts. */
  csp: string | null;
  /** Its compressed copies in the cache folder, each written once (false: it could not be). */
  copies: Partial<Record<Encoding, Promise<boolean>>>;
}

/** Headers this file sets before asking sirv, taken back when sirv has no such file. */
const ownHeaders = ['cache-control', 'content-security-policy', 'vary', 'x-content-type-options'];

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

/** pino's JSON lines, as every process of the stack writes them; LOG_LEVEL respected. */
function loggerFor(name: string) {
  const level = process.env.LOG_LEVEL?.toLowerCase();
  return pino({
    name,
    level: level && LEVELS.has(level) ? level : 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}

export function createStaticServer(options: StaticServerOptions): Server {
  const root = resolve(options.root);
  const label = options.name ?? 'static';
  const logger = loggerFor(label);
  // Compressed copies live outside dist/ (the build is served as it is), in a folder of this server's
  // own that goes when it closes. sirv finds `file.js.br`/`file.js.gz` there like precompressed files.
  const copiesRoot = mkdtempSync(join(tmpdir(), `levelup-${label.replace(/[^\w-]/g, '_')}-`));
  const versions = new Map<string, Version>();
  /** The last write of each copy's path, so that two versions' writes of one path never overlap. */
  const writes = new Map<string, Promise<boolean>>();
  let temporaries = 0;
  /** Each answer's Vary, which sirv overwrites with its own when it serves a compressed copy. */
  const varies = new WeakMap<ServerResponse, string>();

  // dev: every request is looked up on disk, so a redeployed remote's files (entry files renamed
  // over, new hashed chunks) are served at once; without it sirv lists the folder once at start.
  // etag: W/"size-mtime" and 304 on If-None-Match. extensions: none, /page is never page.html.
  const sirvOptions = {
    dev: true,
    etag: true,
    extensions: [],
    setHeaders: (res: ServerResponse, pathname: string) => {
      // A representation header, so set here (200/206 only, not on a 304): sirv's type with a charset.
      res.setHeader('content-type', contentTypeFor(basename(pathname)));
      res.setHeader('vary', varies.get(res) ?? 'accept-encoding');
    },
  } satisfies SirvOptions;
  const files = sirv(root, sirvOptions);
  const copies = sirv(copiesRoot, { ...sirvOptions, brotli: true, gzip: true });

  function writeCopy(
    pathname: string,
    encoding: Encoding,
    body: () => Promise<Buffer>,
    info: Stats,
  ): Promise<boolean> {
    const target = join(copiesRoot, pathname + suffix[encoding]);
    const write = (writes.get(target) ?? Promise.resolve(true))
      .then(async () => {
        const temporary = `${target}.${++temporaries}.tmp`;
        await mkdir(dirname(target), { recursive: true });
        await writeFile(temporary, await compress[encoding](await body()));
        // The copy's Last-Modified is the file's; its ETag differs from the file's by its size.
        await utimes(temporary, info.atime, info.mtime);
        await rename(temporary, target);
        return true;
      })
      .catch((error: unknown) => {
        logger.error({ err: error, pathname, encoding }, 'could not write a compressed copy');
        return false;
      });
    writes.set(target, write);
    void write.then(() => {
      if (writes.get(target) === write) writes.delete(target);
    });
    return write;
  }

  /**
   * For a file about to be asked of sirv: its CSP if it is a page, and the encoding whose compressed
   * copy of this very version is ready (written now if not yet), if the client accepts one.
   */
  async function prepare(
    pathname: string,
    acceptEncoding: string | undefined,
  ): Promise<{ csp: string | null; encoding: Encoding | null }> {
    const none = { csp: null, encoding: null };
    const source = join(root, pathname);
    if (!source.startsWith(root + sep)) return none;
    const type = contentTypeFor(basename(source));
    const html = type.startsWith('text/html');
    let encoding = compressibleType.test(type) ? preferredEncoding(acceptEncoding) : null;
    if (!html && !encoding) return none;
    let handle;
    try {
      handle = await open(source);
    } catch {
      versions.delete(source);
      return none;
    }
    try {
      // One open file for stat and read: a redeploy renaming a new file over it cannot mix versions.
      const info = await handle.stat();
      if (!info.isFile()) return none;
      let body: Promise<Buffer> | undefined;
      const read = () => (body ??= handle.readFile());
      let version = versions.get(source);
      if (!version || version.mtimeMs !== info.mtimeMs || version.size !== info.size) {
        const csp = html
          ? contentSecurityPolicy(inlineScriptHashes((await read()).toString()))
          : null;
        version = { mtimeMs: info.mtimeMs, size: info.size, csp, copies: {} };
        versions.set(source, version);
      }
      if (encoding && info.size > minimumCompressedSize) {
        const copy = (version.copies[encoding] ??= writeCopy(pathname, encoding, read, info));
        if (!(await copy)) {
          if (version.copies[encoding] === copy) delete version.copies[encoding];
          encoding = null;
        }
      } else encoding = null;
      return { csp: version.csp, encoding };
    } finally {
      await handle.close();
    }
  }

  function fail(res: ServerResponse, url: string | undefined, error: unknown): void {
    logger.error({ err: error, url }, 'request failed');
    if (!res.headersSent) res.writeHead(500);
    res.end();
  }

  /** Asks sirv for the first of these paths that exists; 404 when none does. */
  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    candidates: readonly string[],
    vary: string,
    url: string | undefined,
  ): Promise<void> {
    const [pathname, ...rest] = candidates;
    if (pathname === undefined) {
      res
        .writeHead(404, {
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-cache',
        })
        .end('Not found');
      return;
    }
    const acceptEncoding = req.headers['accept-encoding'];
    const { csp, encoding } = await prepare(pathname, acceptEncoding);
    // Set before sirv answers so that a 304 carries them too.
    res.setHeader('cache-control', cacheControlFor(basename(pathname)));
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('vary', vary);
    varies.set(res, vary);
    if (csp) res.setHeader('content-security-policy', csp);
    const next = () => {
      for (const header of ownHeaders) res.removeHeader(header);
      req.headers['accept-encoding'] = acceptEncoding;
      answer(req, res, rest, vary, url).catch((error: unknown) => fail(res, url, error));
    };
    // sirv reads the path from req.url (decodeURI of it: the same path as ours) ...
    req.url = encodeURI(pathname);
    if (!encoding) {
      files(req, res, next);
      return;
    }
    // ... and picks the copy from Accept-Encoding: told exactly the one that is ready.
    req.headers['accept-encoding'] = encoding;
    copies(req, res, () => files(req, res, next));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = req.url;
    let pathname: string;
    try {
      pathname = decodeURI(new URL(url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const landingPage = options.landingPage;
    const landing =
      pathname === '/' &&
      landingPage !== undefined &&
      !hasCookie(req.headers.cookie, landingPage.unlessCookie);
    const candidates =
      pathname === '/'
        ? // No prerendered page in this build: the app's own index.html renders the landing page.
          [...(landing ? [`/${landingPage.file}`] : []), '/index.html']
        : [pathname, ...(options.spaFallback && isPagePath(pathname) ? ['/index.html'] : [])];
    const vary = pathname === '/' && landingPage ? 'accept-encoding, cookie' : 'accept-encoding';
    // sirv pipes a read stream without an error listener: a file deleted between its lookup and the
    // read (a redeploy) would otherwise throw out of the process.
    res.once('pipe', (source: Readable) =>
      source.once('error', (error) => {
        logger.error({ err: error, url }, 'file could not be read');
        res.destroy(error);
      }),
    );
    await answer(req, res, candidates, vary, url);
  }

  const server = createServer((req, res) => {
    const url = req.url;
    handle(req, res).catch((error: unknown) => fail(res, url, error));
  });
  server.once('close', () => rmSync(copiesRoot, { recursive: true, force: true }));
  // The gateway reuses its keep-alive sockets; with Node's 5 s default the server could close an idle
  // one just as the gateway sent a request on it (ECONNRESET, a 502 for a chunk and a page that never
  // renders). Longer than the gateway keeps an idle socket, as the services do (service-kit shutdown.ts).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/** Starts the server (the body of each frontend's serve.ts) and stops it cleanly on SIGINT/SIGTERM. */
export function serveStatic(options: StaticServerOptions): Server {
  const server = createStaticServer(options);
  const onListening = () =>
    loggerFor(options.name ?? 'static').info(
      { root: options.root, port: options.port },
      `serving ${options.root} on port ${options.port}`,
    );
  // Without a host (nor BIND_HOST, which `npm start` sets to 127.0.0.1), node listens on every interface
  // (IPv4 and IPv6), so 'localhost' works either way.
  const host = options.host ?? process.env.BIND_HOST;
  if (host) server.listen(options.port, host, onListening);
  else server.listen(options.port, onListening);
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}

/** PORT from the environment, else the frontend's default. */
export function portFromEnv(fallback: number): number {
  const port = Number(process.env.PORT ?? fallback);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`PORT must be a positive integer, got '${process.env.PORT}'`);
  return port;
}
