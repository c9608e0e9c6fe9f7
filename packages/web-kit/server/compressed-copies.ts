import type { Stats } from 'node:fs';
import { mkdir, open, rename, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Logger } from 'pino';
import { contentSecurityPolicy, contentTypeFor, inlineScriptHashes } from './file-headers.ts';

const compressibleType = /^(text\/|application\/(json|manifest\+json)$|image\/svg\+xml$)/;
/** Smaller files are sent as they are: compression would save less than it costs. */
const minimumCompressedSize = 1024;
export type Encoding = 'br' | 'gzip';
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

/** What the server knows of one version (mtime and size) of a file. */
interface Version {
  mtimeMs: number;
  size: number;
  /** For HTML: the Content-Security-Policy that allows exactly its own inline scripts. */
  csp: string | null;
  /** Its compressed copies in the cache folder, each written once (false: it could not be). */
  copies: Partial<Record<Encoding, Promise<boolean>>>;
}

/**
 * What the static server knows of the files it serves: each version's CSP (pages) and its compressed
 * copies, written once per version into `copiesRoot` (outside dist/), where sirv finds them as
 * precompressed files.
 */
export function createFileVersions(deps: {
  root: string;
  copiesRoot: string;
  logger: Pick<Logger, 'error'>;
}) {
  const { root, copiesRoot, logger } = deps;
  const versions = new Map<string, Version>();
  /** The last write of each copy's path, so that two versions' writes of one path never overlap. */
  const writes = new Map<string, Promise<boolean>>();
  let temporaries = 0;

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

  return { prepare };
}
