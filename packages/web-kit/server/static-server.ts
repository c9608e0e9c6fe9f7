// The static server of every frontend's dist/ (node:http, no framework): correct types, caching that lets a
// remote be redeployed without a shell rebuild (entry files are revalidated, content-hashed files are
// immutable), gzip when the client accepts it, 404 for missing files, and an index.html fallback for the
// shell's client-side routes only. See architecture-research.md 1.1 and 1.4 (SPA fallback trap).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface StaticServerOptions {
  /** The folder to serve (a frontend's dist/). */
  root: string;
  port: number;
  host?: string;
  /** Serve index.html for unknown page paths (the shell's client-side routes). */
  spaFallback?: boolean;
  /** Log line prefix. */
  name?: string;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

const compressible = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.webmanifest',
]);
// Files whose name does not change between builds: browsers must revalidate them.
const entryFiles = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);
const hashedName = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

interface CachedFile {
  body: Buffer;
  gzipped: Buffer | null;
  mtimeMs: number;
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

export function createStaticServer(options: StaticServerOptions): Server {
  const root = resolve(options.root);
  const cache = new Map<string, CachedFile>();

  async function load(filePath: string): Promise<CachedFile | null> {
    let info;
    try {
      info = await stat(filePath);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const cached = cache.get(filePath);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    const body = await readFile(filePath);
    const gzipped =
      compressible.has(extname(filePath)) && body.length > 1024
        ? gzipSync(body, { level: 9 })
        : null;
    const entry = { body, gzipped, mtimeMs: info.mtimeMs };
    cache.set(filePath, entry);
    return entry;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const relative = normalize(pathname === '/' ? '/index.html' : pathname);
    let filePath = join(root, relative);
    if (filePath !== root && !filePath.startsWith(root + sep)) {
      res.writeHead(404).end();
      return;
    }
    let file = await load(filePath);
    if (!file && options.spaFallback && isPagePath(pathname)) {
      filePath = join(root, 'index.html');
      file = await load(filePath);
    }
    if (!file) {
      res
        .writeHead(404, {
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-cache',
        })
        .end('Not found');
      return;
    }
    const fileName = filePath.slice(filePath.lastIndexOf(sep) + 1);
    const headers: Record<string, string> = {
      'content-type': contentTypes[extname(filePath)] ?? 'application/octet-stream',
      'cache-control': cacheControlFor(fileName),
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    };
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = acceptsGzip && file.gzipped ? file.gzipped : file.body;
    if (body === file.gzipped) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`[${options.name ?? 'static'}] ${req.url}:`, error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
}

/** Starts the server (the body of each frontend's serve.ts) and stops it cleanly on SIGINT/SIGTERM. */
export function serveStatic(options: StaticServerOptions): Server {
  const server = createStaticServer(options);
  const onListening = () =>
    console.log(`[${options.name ?? 'static'}] serving ${options.root} on port ${options.port}`);
  // Without a host, node listens on every interface (IPv4 and IPv6), so 'localhost' works either way.
  if (options.host) server.listen(options.port, options.host, onListening);
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
