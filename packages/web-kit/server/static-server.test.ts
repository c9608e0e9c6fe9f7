// @vitest-environment node
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createStaticServer, inlineScriptHashes } from './static-server.ts';

let root: string;
const servers: ReturnType<typeof createStaticServer>[] = [];

async function start(spaFallback: boolean): Promise<string> {
  const server = createStaticServer({ root, port: 0, spaFallback });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(url, { headers }, (res) => {
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
    const res = await get(`${base}/remoteEntry.js`, { 'accept-encoding': 'gzip, br' });
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
