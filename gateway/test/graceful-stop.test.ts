import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { closeServer, listen } from '@levelup/service-kit';
import { createUpstreamPool } from '../src/upstream-pool.ts';

const servers: http.Server[] = [];
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A service instance: answers JSON, keeping its connections alive as Node does. */
async function service(): Promise<string> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
    res.end('{"ok":true}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The gateway's shape: Koa, the proxy to the service, served and stopped as gateway/src/main.ts does. */
async function gateway(target: string) {
  const pool = createUpstreamPool({
    name: 'svc-quests',
    targets: [target],
    timeoutMs: 2_000,
    retryAfterMs: 5_000,
    log: () => undefined,
  });
  const app = new Koa();
  app.use(async (ctx) => {
    ctx.respond = false;
    await pool.handler(ctx.req, ctx.res, () => undefined);
  });
  const server = await listen(app, 0);
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port };
}

/** One request on a kept-alive agent: its status and what it says of the connection. */
function post(agent: http.Agent, port: number): Promise<{ status: number; connection: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: '127.0.0.1', port, method: 'POST', path: '/api/quests/q1/toggle' },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: String(response.headers.connection),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

describe('a gateway that is stopping', () => {
  it("when a write comes on a kept-alive connection after the stop began, then it is answered with Connection: close (not the service's keep-alive), so the client's next write goes elsewhere and the stop ends at once", async () => {
    const { server, port } = await gateway(await service());
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await post(agent, port)).toEqual({ status: 200, connection: 'keep-alive' });

    const stopped = closeServer(server, 5_000);
    const started = Date.now();
    // The same connection, reused: the client cannot know the gateway is stopping.
    expect(await post(agent, port)).toEqual({ status: 200, connection: 'close' });
    await stopped;
    // Ended with that answer's connection, not after the 5 s wait for idle connections.
    expect(Date.now() - started).toBeLessThan(2_000);
    agent.destroy();
  });
});
