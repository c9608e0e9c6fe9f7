// The static server of every frontend's dist/: correct types, caching that lets a remote be redeployed
// without a shell rebuild (entry files are revalidated, content-hashed files are immutable), brotli or
// gzip when the client accepts it, 404 for missing files, and an index.html fallback for the shell's
// client-side routes only: a missing remote manifest or asset answered as index.html with 200 would
// surface in the browser as an unreadable manifest instead of a plain 404.
//
// sirv answers every file: path resolution inside the folder, Content-Length, Last-Modified, ETag and
// 304, Range and HEAD, streaming from disk. This file only picks which path to ask it for (/, the
// landing page, the SPA fallback), sets the headers that are ours (types with charset, Cache-Control,
// the pages' Content-Security-Policy), keeps a compressed copy of each compressible file for sirv's
// precompressed lookup, and answers 404/405/400.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pino } from 'pino';
import sirv, { type Options as SirvOptions } from 'sirv';
import { createFileVersions } from './compressed-copies.ts';
import { cacheControlFor, contentTypeFor } from './file-headers.ts';

export { preferredEncoding } from './compressed-copies.ts';
export {
  cacheControlFor,
  contentSecurityPolicy,
  contentTypeFor,
  inlineScriptHashes,
} from './file-headers.ts';

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
  const { prepare } = createFileVersions({ root, copiesRoot, logger });
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
