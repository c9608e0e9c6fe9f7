// The static server of every frontend's dist/ (node:http, no framework): correct types, caching that lets a
// remote be redeployed without a shell rebuild (entry files are revalidated, content-hashed files are
// immutable), gzip when the client accepts it, 404 for missing files, and an index.html fallback for the
// shell's client-side routes only. See architecture-research.md 1.1 and 1.4 (SPA fallback trap).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
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
  /**
   * A page answered for / instead of index.html to visitors without this cookie (the shell's prerendered
   * landing page, issue 16); with the cookie, / is index.html as before (a signed-in user's dashboard).
   */
  landingPage?: { file: string; unlessCookie: string };
}

/** Whether a Cookie header carries a cookie of this name. */
export function hasCookie(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(';').some((part) => part.trim().startsWith(`${name}=`));
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
const entryFiles = new Set([
  'index.html',
  'mf-manifest.json',
  'remoteEntry.js',
  'mf-stats.json',
  'asset-list.json',
]);
const hashedName = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

interface CachedFile {
  body: Buffer;
  gzipped: Buffer | null;
  mtimeMs: number;
  /** For HTML: the Content-Security-Policy that allows exactly its own inline scripts. */
  csp: string | null;
}

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
 * The pages' Content-Security-Policy (issue 12): scripts only from this origin (the shell, the remotes
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
    const csp =
      extname(filePath) === '.html'
        ? contentSecurityPolicy(inlineScriptHashes(body.toString('utf8')))
        : null;
    const entry = { body, gzipped, mtimeMs: info.mtimeMs, csp };
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
    const landing =
      pathname === '/' &&
      options.landingPage !== undefined &&
      !hasCookie(req.headers.cookie, options.landingPage.unlessCookie);
    const relative = normalize(
      pathname === '/' ? (landing ? `/${options.landingPage!.file}` : '/index.html') : pathname,
    );
    let filePath = join(root, relative);
    if (filePath !== root && !filePath.startsWith(root + sep)) {
      res.writeHead(404).end();
      return;
    }
    let file = await load(filePath);
    if (!file && landing) {
      // No prerendered page in this build: the app's own index.html renders the landing page.
      filePath = join(root, 'index.html');
      file = await load(filePath);
    }
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
      ...(file.csp ? { 'content-security-policy': file.csp } : {}),
      vary: pathname === '/' && options.landingPage ? 'accept-encoding, cookie' : 'accept-encoding',
    };
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = acceptsGzip && file.gzipped ? file.gzipped : file.body;
    if (body === file.gzipped) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`[${options.name ?? 'static'}] ${req.url}:`, error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
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
