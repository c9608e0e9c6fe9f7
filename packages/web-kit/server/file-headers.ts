import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import { lookup } from 'mrmime';

// The headers the static server sets itself: Content-Type with a charset, Cache-Control, and the
// pages' Content-Security-Policy.

/** Content-Type of a file name: mrmime's (sirv's) table, with a charset for text. */
export function contentTypeFor(fileName: string): string {
  const type = lookup(fileName) ?? (extname(fileName) === '.ico' ? 'image/x-icon' : undefined);
  if (!type) return 'application/octet-stream';
  return type.startsWith('text/') || type === 'application/json' ? `${type}; charset=utf-8` : type;
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
