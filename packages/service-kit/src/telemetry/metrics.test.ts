import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serveMetrics } from './metrics.ts';

const listening = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.once('listening', () => resolve((server.address() as AddressInfo).port)),
  );

describe('the metrics listener', () => {
  it('when Prometheus asks for /metrics, then it gets the text exposition; any other path is a JSON 404', async () => {
    const server = serveMetrics(0, { host: '127.0.0.1' });
    const port = await listening(server);
    try {
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      expect(await metrics.text()).toContain(
        '# TYPE levelup_http_request_duration_seconds histogram',
      );
      const other = await fetch(`http://127.0.0.1:${port}/api/quests`);
      expect(other.status).toBe(404);
      expect(await other.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    } finally {
      server.close();
    }
  });

  it('when its port is taken, then the error is reported and the process carries on', async () => {
    const taken = http.createServer();
    taken.listen(0, '127.0.0.1');
    const port = await listening(taken);
    try {
      const error = await new Promise<Error>((resolve) =>
        serveMetrics(port, { host: '127.0.0.1', onError: resolve }),
      );
      expect((error as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    } finally {
      taken.close();
    }
  });
});
