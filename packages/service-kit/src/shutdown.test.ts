import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { closeServer, listen } from './shutdown.ts';

describe('closeServer', () => {
  it('when a request is being answered on a kept-alive connection as the close starts, then its answer says Connection: close and the close completes', async () => {
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const app = new Koa();
    app.use(async (ctx) => {
      calls += 1;
      if (calls === 2) {
        started();
        await released;
      }
      ctx.body = { ok: true };
    });
    const server = await listen(app, 0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    // The gateway's way: one agent keeping its connections alive.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode!, connection: res.headers.connection }),
          );
        });
        req.on('error', reject);
      });

    expect(await get()).toEqual({ status: 200, connection: 'keep-alive' });
    const inFlight = get();
    await requestStarted;
    let closed = false;
    const closing = closeServer(server).then(() => (closed = true));
    release();
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    // Nothing else holds the close open (a kept-alive connection would, until its keep-alive timeout).
    await closing;
    expect(closed).toBe(true);
    agent.destroy();
  });

  it('when a write arrives on an idle kept-alive connection just as the close starts, then it is answered (with Connection: close), not reset', async () => {
    const app = new Koa();
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    const server = await listen(app, 0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: '/', method: 'POST', agent },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode!, connection: res.headers.connection }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await post()).toEqual({ status: 200, connection: 'keep-alive' });
    // The connection is idle in the agent now; the close and the next write meet.
    const closing = closeServer(server, 200);
    expect(await post()).toEqual({ status: 200, connection: 'close' });
    await closing;
    // New connections are refused once the close has begun.
    await expect(post()).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  });
});
