import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { signIdentity, verifyIdentity } from '@levelup/service-kit';
import { eventually } from '@levelup/service-kit/testing';
import { createUpstreamPool, expandTarget, signWhenSent } from '../src/upstream-pool.ts';

const servers: http.Server[] = [];
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * An instance that answers with its name, or resets every connection while `broken` is true. The
 * gateway's readiness probes (/readyz) are kept apart from the requests it passed on (`seen`).
 */
async function instance(name: string) {
  const state = { broken: false, seen: [] as string[], probes: 0 };
  const url = await listen(
    http.createServer((req, res) => {
      if (req.url === '/readyz') state.probes += 1;
      else state.seen.push(`${req.method} ${req.url}`);
      if (state.broken) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ instance: name }));
    }),
  );
  return Object.assign(state, { url });
}

async function gatewayOver(targets: string[], clock = { now: 1_000_000 }) {
  const pool = createUpstreamPool({
    name: 'svc-quests',
    targets,
    timeoutMs: 2_000,
    retryAfterMs: 5_000,
    log: () => undefined,
    now: () => clock.now,
  });
  const url = await listen(
    http.createServer((req, res) => void pool.handler(req, res, () => undefined)),
  );
  const call = async (method = 'GET', path = '/api/quests', sent: string | null = '{}') => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(method === 'POST' && sent !== null
        ? { body: sent, headers: { 'content-type': 'application/json' } }
        : {}),
    });
    const body = (await response.json()) as { instance?: string; error?: { code: string } };
    return { status: response.status, instance: body.instance, code: body.error?.code };
  };
  return { pool, call, clock };
}

describe('several instances of one service', () => {
  it('when two instances are up, then requests are spread over both in turn', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    const { call } = await gatewayOver([a.url, b.url]);
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push((await call()).instance);
    expect(answers.filter((name) => name === 'a')).toHaveLength(5);
    expect(answers.filter((name) => name === 'b')).toHaveLength(5);
  });

  it('when one instance drops connections, then a read is answered by the other and the broken one is left out until its time is up', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    a.broken = true;
    const { call, clock, pool } = await gatewayOver([a.url, b.url]);
    for (let i = 0; i < 6; i += 1)
      expect(await call()).toMatchObject({ status: 200, instance: 'b' });
    expect(a.seen).toHaveLength(1);
    expect(pool.status()).toEqual([
      { target: a.url, up: false },
      { target: b.url, up: true },
    ]);

    a.broken = false;
    clock.now += 5_001;
    const after = [];
    for (let i = 0; i < 4; i += 1) after.push((await call()).instance);
    expect(after.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('when an instance left out is ready again before its time is up, then it is back in as soon as its /readyz says so, and a rolling restart keeps every read answered', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    // The clock stands still: only the probe can bring the first instance back.
    const { call, pool } = await gatewayOver([a.url, b.url]);
    a.broken = true; // the first instance stops
    expect(await call()).toMatchObject({ status: 200, instance: 'b' });
    expect(pool.status()[0]).toEqual({ target: a.url, up: false });
    a.broken = false; // it is back; then the second stops, well within the first's 5 s out
    const back = await eventually(
      () => Promise.resolve(pool.status()),
      (status) => status.every((s) => s.up),
    );
    expect(back.every((s) => s.up)).toBe(true);
    expect(a.probes).toBeGreaterThan(0);
    b.broken = true;
    for (let i = 0; i < 4; i += 1)
      expect(await call()).toMatchObject({ status: 200, instance: 'a' });
    pool.stop();
  });

  it('when an instance left out is still down, then its probes fail and it stays out until its time is up', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    const { call, pool } = await gatewayOver([a.url, b.url]);
    a.broken = true;
    expect(await call()).toMatchObject({ status: 200, instance: 'b' });
    await eventually(
      () => Promise.resolve(a.probes),
      (probes) => probes >= 2,
    );
    expect(a.probes).toBeGreaterThanOrEqual(2);
    expect(pool.status()[0]).toEqual({ target: a.url, up: false });
    pool.stop();
  });

  it('when the gateway reads for itself (the first screen), then it gets the instances in turn, never one that is out', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    const { call, pool } = await gatewayOver([a.url, b.url]);
    expect([pool.target(), pool.target(), pool.target(), pool.target()].sort()).toEqual(
      [a.url, a.url, b.url, b.url].sort(),
    );
    a.broken = true;
    for (let i = 0; i < 2; i += 1) await call();
    expect([pool.target(), pool.target(), pool.target()]).toEqual([b.url, b.url, b.url]);
  });

  it('when a write reaches an instance that drops it, then it is a 502 and never sent to a second instance', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    a.broken = true;
    const { call } = await gatewayOver([a.url, b.url]);
    expect(await call('POST', '/api/quests/1/toggle')).toMatchObject({
      status: 502,
      code: 'UPSTREAM_UNAVAILABLE',
    });
    expect(b.seen).toEqual([]);
    expect(await call('POST', '/api/quests/1/toggle')).toMatchObject({
      status: 200,
      instance: 'b',
    });
  });

  it('when a write without a body finds an instance not listening (stopping or restarting), then another instance does it, as nothing reached the first; a write with a body gets the 502', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const refusing = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const b = await instance('b');

    const first = await gatewayOver([refusing, b.url]);
    expect(await first.call('POST', '/api/quests/1/toggle', null)).toMatchObject({
      status: 200,
      instance: 'b',
    });
    expect(b.seen).toEqual(['POST /api/quests/1/toggle']);

    // The proxy has read a body into the refused connection: it cannot follow to another instance.
    const second = await gatewayOver([refusing, b.url]);
    expect(await second.call('POST', '/api/quests', '{"title":"x"}')).toMatchObject({
      status: 502,
      code: 'UPSTREAM_UNAVAILABLE',
    });
    expect(b.seen).toEqual(['POST /api/quests/1/toggle']);
  });

  it('when every instance is down, then the answer is a JSON 502 at once, and the first to come back serves again', async () => {
    const [a, b] = [await instance('a'), await instance('b')];
    a.broken = true;
    b.broken = true;
    const { call, clock } = await gatewayOver([a.url, b.url]);
    expect(await call()).toMatchObject({ status: 502, code: 'UPSTREAM_UNAVAILABLE' });
    expect(await call()).toMatchObject({ status: 502 });
    b.broken = false;
    clock.now += 5_001;
    expect(await call()).toMatchObject({ status: 200, instance: 'b' });
  });
});

describe('instances found through DNS (compose --scale)', () => {
  it('when the name gains an address, then the pool picks it up by itself every refreshMs, with no call to refresh', async () => {
    let addresses = ['127.0.0.1'];
    const pool = createUpstreamPool({
      name: 'svc-quests',
      targets: ['http://svc-quests.internal:4000'],
      timeoutMs: 2_000,
      retryAfterMs: 5_000,
      dns: { refreshMs: 50, resolve: async () => addresses },
      log: () => undefined,
    });
    await pool.ready;
    addresses = ['127.0.0.1', '127.0.0.2'];
    const targets = await eventually(
      () => Promise.resolve(pool.status().map((instance) => instance.target)),
      (list) => list.length === 2,
      2_000,
    );
    pool.stop();
    expect(targets).toEqual(['http://127.0.0.1:4000', 'http://127.0.0.2:4000']);
  });

  it('when a name resolves to two addresses, then both serve, and when one address leaves the name, only the other does', async () => {
    // Two instances on one port of two loopback addresses, as two containers behind one compose name.
    const a = await instance('a');
    const port = new URL(a.url).port;
    const bServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ instance: 'b' }));
    });
    servers.push(bServer);
    await new Promise<void>((resolve) => bServer.listen(Number(port), '127.0.0.2', resolve));

    let addresses = ['127.0.0.2', '127.0.0.1'];
    const pool = createUpstreamPool({
      name: 'svc-quests',
      targets: [`http://svc-quests.internal:${port}`],
      timeoutMs: 2_000,
      retryAfterMs: 5_000,
      dns: { refreshMs: 60_000, resolve: async () => addresses },
      log: () => undefined,
    });
    await pool.ready;
    expect(pool.status().map((instance) => instance.target)).toEqual([
      `http://127.0.0.1:${port}`,
      `http://127.0.0.2:${port}`,
    ]);
    const url = await listen(
      http.createServer((req, res) => void pool.handler(req, res, () => undefined)),
    );
    const seen = async () => {
      const names = [];
      for (let i = 0; i < 4; i += 1) {
        names.push(
          ((await (await fetch(`${url}/api/quests`)).json()) as { instance: string }).instance,
        );
      }
      return names.sort();
    };
    expect(await seen()).toEqual(['a', 'a', 'b', 'b']);

    addresses = ['127.0.0.2'];
    await pool.refresh();
    expect(await seen()).toEqual(['b', 'b', 'b', 'b']);
    pool.stop();
  });

  it('when DNS keeps bringing new addresses (pods replaced), then the gateway server does not gather a listener per address ever seen', async () => {
    const a = await instance('a');
    const port = new URL(a.url).port;
    const bServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ instance: 'b' }));
    });
    servers.push(bServer);
    await new Promise<void>((resolve) => bServer.listen(Number(port), '127.0.0.3', resolve));
    let addresses = ['127.0.0.1'];
    const pool = createUpstreamPool({
      name: 'svc-quests',
      targets: [`http://svc-quests.internal:${port}`],
      timeoutMs: 2_000,
      retryAfterMs: 5_000,
      dns: { refreshMs: 60_000, resolve: async () => addresses },
      log: () => undefined,
    });
    await pool.ready;
    const gateway = http.createServer((req, res) => void pool.handler(req, res, () => undefined));
    const url = await listen(gateway);
    const before = gateway.listenerCount('close');
    const answered = [];
    for (let round = 0; round < 12; round += 1) {
      addresses = [round % 2 === 0 ? '127.0.0.3' : '127.0.0.1'];
      await pool.refresh();
      answered.push(
        ((await (await fetch(`${url}/api/quests`)).json()) as { instance: string }).instance,
      );
    }
    expect(answered).toEqual(['b', 'a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'a']);
    expect(gateway.listenerCount('close') - before).toBeLessThanOrEqual(1);
    pool.stop();
  });

  it('when a target is an address or localhost, then it is used as it is; IPv6 answers are bracketed', async () => {
    const resolve = async () => ['::1', '10.0.0.7'];
    expect(await expandTarget('http://127.0.0.1:4002', resolve)).toEqual(['http://127.0.0.1:4002']);
    expect(await expandTarget('http://localhost:4002', resolve)).toEqual(['http://localhost:4002']);
    expect(await expandTarget('http://svc-quests:4002', resolve)).toEqual([
      'http://10.0.0.7:4002',
      'http://[::1]:4002',
    ]);
  });
});

describe('a request waiting for a free slot', () => {
  it('when it waited for a slot, then its identity is signed as it leaves the line, so it is fresh when it arrives', async () => {
    const secret = 'test-secret-0123456789abcdef';
    const arrived: Array<{ ts: number; valid: boolean }> = [];
    const held: http.ServerResponse[] = [];
    const upstream = await listen(
      http.createServer((req, res) => {
        if (req.url === '/api/posts/hold') {
          held.push(res);
          res.writeHead(200);
          res.write('.');
          return;
        }
        const request = { service: 'svc-community', method: 'GET', path: req.url ?? '' };
        arrived.push({
          ts: Number(req.headers['x-identity-ts']),
          valid: verifyIdentity(req.headers, secret, request) !== null,
        });
        res.writeHead(200).end('{}');
      }),
    );
    const pool = createUpstreamPool({
      name: 'svc-community',
      targets: [upstream],
      timeoutMs: 10_000,
      maxPerInstance: 1,
      retryAfterMs: 5_000,
      log: () => undefined,
    });
    const gateway = await listen(
      http.createServer((req, res) => {
        const request = { service: 'svc-community', method: 'GET', path: req.url ?? '' };
        req.headers['x-request-id'] = 'request-id-1';
        signWhenSent(req, () =>
          signIdentity({ userId: 'u1', requestId: 'request-id-1' }, secret, request),
        );
        void pool.handler(req, res, () => undefined);
      }),
    );
    const holding = fetch(`${gateway}/api/posts/hold`);
    await eventually(
      async () => held.length,
      (count) => count === 1,
    );
    const waiting = fetch(`${gateway}/api/posts`);
    await eventually(
      async () => pool.load().waiting,
      (count) => count === 1,
    );
    const releasedAt = Date.now();
    held[0]!.end();
    expect((await waiting).status).toBe(200);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.valid).toBe(true);
    expect(arrived[0]!.ts).toBeGreaterThanOrEqual(releasedAt);
    await (await holding).text();
  });
});
