import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createUpstreamPool } from '../src/upstream-pool.ts';

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

const TIMEOUT_MS = 300;

describe('event streams through the gateway', () => {
  it('when an upstream answers with text/event-stream and is quiet longer than the upstream timeout, then each event reaches the client as it is sent and the stream stays open', async () => {
    const upstream = await listen(
      http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: one\n\n');
        setTimeout(() => res.write('data: two\n\n'), TIMEOUT_MS * 3);
        setTimeout(() => res.end('data: three\n\n'), TIMEOUT_MS * 4);
      }),
    );
    const pool = createUpstreamPool({
      name: 'svc-community',
      targets: [upstream],
      timeoutMs: TIMEOUT_MS,
      retryAfterMs: 5_000,
      log: () => undefined,
    });
    const gateway = await listen(
      http.createServer((req, res) => void pool.handler(req, res, () => undefined)),
    );
    const started = Date.now();
    const response = await fetch(`${gateway}/api/sessions/s1/room/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const arrivals: Array<[string, number]> = [];
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      for (const line of decoder.decode(chunk).split('\n')) {
        if (line.startsWith('data: ')) arrivals.push([line.slice(6), Date.now() - started]);
      }
    }
    expect(arrivals.map(([data]) => data)).toEqual(['one', 'two', 'three']);
    // Unbuffered: the first event came long before the upstream finished.
    expect(arrivals[0]![1]).toBeLessThan(TIMEOUT_MS * 2);
  });
});
