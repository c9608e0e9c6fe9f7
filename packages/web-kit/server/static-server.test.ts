// @vitest-environment node
import { mkdtemp, mkdir, rename, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createStaticServer, inlineScriptHashes } from './static-server.ts';

let root: string;
const servers: ReturnType<typeof createStaticServer>[] = [];

async function start(
  spaFallback: boolean,
  more: Partial<Parameters<typeof createStaticServer>[0]> = {},
): Promise<string> {
  const server = createStaticServer({ root, port: 0, spaFallback, ...more });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(url, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'static-'));
  await mkdir(join(root, 'sub'));
  await writeFile(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(root, 'remoteEntry.js'), 'var x = 1;'.repeat(500));
  await writeFile(join(root, 'mf-manifest.json'), '{"name":"mfe_quests"}');
  await writeFile(join(root, '1234.abcdef0123.js'), 'console.log(1);');
});

afterAll(() => {
  for (const server of servers) server.close();
});

describe('static server', () => {
  it('when an entry file is requested, then it must be revalidated and is gzipped for clients that accept it', async () => {
    const base = await start(false);
    const res = await get(`${base}/remoteEntry.js`, { 'accept-encoding': 'gzip, deflate' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe('var x = 1;'.repeat(500));
  });

  it('when the manifest and a content-hashed chunk are requested, then the manifest is no-cache and the chunk immutable', async () => {
    const base = await start(false);
    const manifest = await get(`${base}/mf-manifest.json`);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    const chunk = await get(`${base}/1234.abcdef0123.js`);
    expect(chunk.headers['cache-control']).toContain('immutable');
    expect(chunk.headers['content-encoding']).toBeUndefined();
  });

  it('when a file is missing on a remote, then the answer is 404, never index.html', async () => {
    const base = await start(false);
    expect((await get(`${base}/quests`)).status).toBe(404);
    expect((await get(`${base}/missing.js`)).status).toBe(404);
  });

  it('when the shell gets an unknown page path, then it serves index.html, but never for assets, json or /remotes/', async () => {
    const base = await start(true);
    const page = await get(`${base}/quests/today`);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('id="root"');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get(`${base}/main.abc.js`)).status).toBe(404);
    expect((await get(`${base}/remotes/quests/mf-manifest.json`)).status).toBe(404);
    expect((await get(`${base}/remotes/quests/page`)).status).toBe(404);
    expect((await get(`${base}/config.json`)).status).toBe(404);
  });

  it('when a path climbs out of the folder, then nothing outside it is served', async () => {
    const base = await start(false);
    const res = await get(`${base}/..%2f..%2f..%2f..%2fetc%2fpasswd`);
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('root:');
  });

  it('when a visitor without the session cookie opens /, then the prerendered landing page answers; with it, index.html', async () => {
    await writeFile(join(root, 'landing.html'), '<!doctype html><h1>Level Up Your Life.</h1>');
    const server = createStaticServer({
      root,
      port: 0,
      spaFallback: true,
      landingPage: { file: 'landing.html', unlessCookie: 'levelup.sid' },
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const visitor = await get(`${base}/`, { cookie: 'theme=dark' });
    expect(visitor.body.toString()).toContain('Level Up Your Life.');
    expect(visitor.headers.vary).toContain('cookie');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    const member = await get(`${base}/`, { cookie: 'theme=dark; levelup.sid=abc' });
    expect(member.body.toString()).toContain('id="root"');
    // Only / is the landing page: other pages are the app.
    expect((await get(`${base}/dashboard`)).body.toString()).toContain('id="root"');
  });
  it('when a page with inline scripts is served, then its CSP allows exactly those scripts by hash and no framing; assets get none', async () => {
    const theme = 'document.documentElement.dataset.theme="dark"';
    await writeFile(
      join(root, 'csp.html'),
      `<!doctype html><script>${theme}</script><script defer src="/main.js"></script><div></div>`,
    );
    const base = await start(false);
    const page = await get(`${base}/csp.html`);
    const csp = String(page.headers['content-security-policy']);
    const hash = createHash('sha256').update(theme).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp.match(/'sha256-/g)).toHaveLength(1);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(`${base}/1234.abcdef0123.js`)).headers['content-security-policy']).toBe(
      undefined,
    );
  });

  it('when the client accepts brotli, then a compressible file comes as br (over gzip), never when refused or too small', async () => {
    const base = await start(false);
    const res = await get(`${base}/remoteEntry.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe('var x = 1;'.repeat(500));

    const refused = await get(`${base}/remoteEntry.js`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const plain = await get(`${base}/remoteEntry.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('var x = 1;'.repeat(500));
    const small = await get(`${base}/1234.abcdef0123.js`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log(1);');
  });

  it('when the client has the version it holds, then the answer is 304, per encoding, still with its Cache-Control', async () => {
    const base = await start(false);
    for (const encoding of ['', 'br', 'gzip']) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const first = await get(`${base}/remoteEntry.js`, headers);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      expect(first.headers['last-modified']).toBeDefined();
      const again = await get(`${base}/remoteEntry.js`, { ...headers, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
    const plain = await get(`${base}/remoteEntry.js`);
    const br = await get(`${base}/remoteEntry.js`, { 'accept-encoding': 'br' });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    // An ETag of the brotli copy does not stand for the uncompressed file.
    const other = await get(`${base}/remoteEntry.js`, { 'if-none-match': String(br.headers.etag) });
    expect(other.status).toBe(200);
  });

  it('when a file changes on disk under the running server, then every encoding and the CSP follow the new version', async () => {
    const base = await start(false);
    const v1 = 'var version = 1;'.repeat(200);
    const v2 = 'var version = "two";'.repeat(200);
    await writeFile(join(root, 'app.js'), v1);
    await utimes(join(root, 'app.js'), new Date(1_000_000), new Date(1_000_000));
    const br1 = await get(`${base}/app.js`, { 'accept-encoding': 'br' });
    const gzip1 = await get(`${base}/app.js`, { 'accept-encoding': 'gzip' });
    expect(brotliDecompressSync(br1.body).toString()).toBe(v1);
    expect(gunzipSync(gzip1.body).toString()).toBe(v1);

    // A redeploy: the new file is renamed over the old one.
    await writeFile(join(root, 'app.js.next'), v2);
    await rename(join(root, 'app.js.next'), join(root, 'app.js'));
    const br2 = await get(`${base}/app.js`, { 'accept-encoding': 'br' });
    const gzip2 = await get(`${base}/app.js`, { 'accept-encoding': 'gzip' });
    const plain2 = await get(`${base}/app.js`);
    expect(brotliDecompressSync(br2.body).toString()).toBe(v2);
    expect(gunzipSync(gzip2.body).toString()).toBe(v2);
    expect(plain2.body.toString()).toBe(v2);
    expect(br2.headers.etag).not.toBe(br1.headers.etag);
    // The old version's ETag no longer matches.
    const stale = await get(`${base}/app.js`, {
      'accept-encoding': 'br',
      'if-none-match': String(br1.headers.etag),
    });
    expect(stale.status).toBe(200);

    const page = (script: string) =>
      `<!doctype html><script>${script}</script><div id="root"></div>${' '.repeat(2000)}`;
    const hash = (script: string) => createHash('sha256').update(script).digest('base64');
    await writeFile(join(root, 'page.html'), page('a()'));
    const before = await get(`${base}/page.html`, { 'accept-encoding': 'br' });
    expect(String(before.headers['content-security-policy'])).toContain(hash('a()'));
    await writeFile(join(root, 'page.html'), page('b(1)'));
    const after = await get(`${base}/page.html`, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(after.body).toString()).toBe(page('b(1)'));
    expect(String(after.headers['content-security-policy'])).toContain(hash('b(1)'));
    expect(String(after.headers['content-security-policy'])).not.toContain(hash('a()'));
  });

  it('when asked with HEAD or a Range, then the headers alone or the part come back; other methods are refused', async () => {
    const base = await start(false);
    const head = await get(`${base}/remoteEntry.js`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String('var x = 1;'.length * 500));
    expect(head.body.length).toBe(0);
    const part = await get(`${base}/remoteEntry.js`, { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${'var x = 1;'.length * 500}`);
    expect(part.body.toString()).toBe('var x = 1;');
    const post = await get(`${base}/remoteEntry.js`, {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('when a missing file is asked for, then the 404 is plain text and revalidated, with no headers of a file', async () => {
    const base = await start(true);
    const missing = await get(`${base}/nope.js`, { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(missing.headers['content-security-policy']).toBeUndefined();
    expect(missing.body.toString()).toBe('Not found');
  });

  it('when the landing page is compressed or missing, then / still varies on the cookie and falls back to index.html', async () => {
    await writeFile(join(root, 'big-landing.html'), `<h1>Level Up</h1>${' '.repeat(4000)}`);
    const landingPage = { file: 'big-landing.html', unlessCookie: 'levelup.sid' };
    const base = await start(true, { landingPage });
    const visitor = await get(`${base}/`, { 'accept-encoding': 'br' });
    expect(visitor.headers['content-encoding']).toBe('br');
    expect(visitor.headers.vary).toBe('accept-encoding, cookie');
    expect(brotliDecompressSync(visitor.body).toString()).toContain('Level Up');
    expect(visitor.headers['content-type']).toBe('text/html; charset=utf-8');

    const without = await start(true, { landingPage: { ...landingPage, file: 'none.html' } });
    const fallback = await get(`${without}/`);
    expect(fallback.status).toBe(200);
    expect(fallback.body.toString()).toContain('id="root"');
  });

  it('when scripts carry attributes or src, then only inline bodies are hashed', () => {
    const html =
      '<script type="module">a()</script><SCRIPT>b()</SCRIPT><script src="x.js"></script><script></script>';
    expect(inlineScriptHashes(html)).toEqual(
      ['a()', 'b()'].map(
        (body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
      ),
    );
  });
});
