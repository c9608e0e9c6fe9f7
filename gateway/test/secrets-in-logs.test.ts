// Secrets that travel in URLs (a calendar feed's token in its path, the sign-in provider's code and state,
// the email verification token) must reach no log line and no span, on any path a request can take: a
// normal answer, a service's 5xx, the gateway's 502 and its 504. A canary value is sent in each place and
// every captured line and span is searched for it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  configureTracing,
  createLogger,
  createServiceApp,
  redactUrl,
  REDACTED,
} from '@levelup/service-kit';
import { TEST_IDENTITY_SECRET, eventually } from '@levelup/service-kit/testing';
import { createApp } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';

const CANARY = 'canary7f3e9a1b5c';
const spans = new InMemorySpanExporter();
configureTracing({
  serviceName: 'levelup-test',
  spanProcessors: [new SimpleSpanProcessor({ exporter: spans })],
});

const logLines: string[] = [];
const capture = (name: string) => createLogger(name, (line) => logLines.push(line), 'debug');

/** What the service does with the next request: answer, fail (an error naming its URL, as many do) or stall. */
let mode: 'ok' | 'fail' | 'slow' = 'ok';
const servers: http.Server[] = [];
let gateway: string;
let gatewayToNowhere: string;

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // A service built by the service kit (request log line, span, error log), for every path.
  const service = createServiceApp({
    name: 'svc-canary',
    logger: capture('svc-canary'),
    routers: [
      async (ctx: Context) => {
        if (mode === 'fail') throw new Error(`could not read ${ctx.url}`);
        if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1_000));
        ctx.body = { ok: true };
      },
    ],
  });
  const serviceUrl = await listen(http.createServer(service.callback()));
  const closed = await listen(http.createServer());
  await new Promise((resolve) => servers.pop()!.close(resolve));
  const gatewayOver = async (url: string) => {
    const config = z.object(gatewayConfigShape).parse({
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      IDENTITY_URL: url,
      QUESTS_URL: url,
      UPSTREAM_TIMEOUT_MS: '300',
      FIRST_SCREEN_TIMEOUT_MS: '0',
    });
    const log = capture('gateway');
    const app = createApp(config, { log: (message, fields) => log.info(message, fields) });
    app.on('error', (error: unknown) => log.error('request failed', { error }));
    return listen(http.createServer(app.callback()));
  };
  gateway = await gatewayOver(serviceUrl);
  gatewayToNowhere = await gatewayOver(closed);
});

afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const SECRET_PATHS = [
  `/api/calendar/${CANARY}.ics`,
  `/api/login/callback?code=${CANARY}&state=${CANARY}`,
  `/api/auth/verify-email?token=${CANARY}`,
];

describe('secrets in URLs never reach logs or spans', () => {
  it('when a path or query carries a secret, then it is redacted by pattern and the rest is kept', () => {
    expect(redactUrl(`/api/calendar/${CANARY}.ics`)).toBe(`/api/calendar/${REDACTED}`);
    expect(redactUrl(`/api//Calendar/${CANARY}.ics?x=1`)).toBe(`/api//Calendar/${REDACTED}?x=1`);
    expect(redactUrl('/api/calendar-feed/rotate')).toBe('/api/calendar-feed/rotate');
    expect(redactUrl(`/api/login/callback?iss=a&code=${CANARY}&state=${CANARY}#x`)).toBe(
      `/api/login/callback?iss=a&code=${REDACTED}&state=${REDACTED}#x`,
    );
    expect(redactUrl(`https://h/api/auth/verify-email?token=${CANARY}`)).toBe(
      `https://h/api/auth/verify-email?token=${REDACTED}`,
    );
  });

  it('when requests carrying a canary are answered 200, fail at the service (5xx), find it down (502) or slow (504), then no log line and no span holds the canary', async () => {
    const seen: number[] = [];
    for (const path of SECRET_PATHS) {
      for (const [target, next] of [
        [gateway, 'ok'],
        [gateway, 'fail'],
        [gateway, 'slow'],
        [gatewayToNowhere, 'ok'],
      ] as const) {
        mode = next;
        const response = await fetch(`${target}${path}`, { redirect: 'manual' });
        await response.text();
        seen.push(response.status);
      }
    }
    mode = 'ok';
    // (svc-identity's paths answer 503 rather than 502 while it is down: the gateway's own fallback.)
    expect(seen).toEqual(expect.arrayContaining([200, 500, 502, 504]));
    // A service's request line is written when it answers (after the gateway's 504 for the slow ones).
    const serviceLines = await eventually(
      async () => logLines.filter((line) => /"name":"svc-canary".*"msg":"request"/.test(line)),
      (lines) => lines.length >= SECRET_PATHS.length * 3,
    );
    expect(serviceLines).toHaveLength(SECRET_PATHS.length * 3);

    expect(logLines.some((line) => line.includes('upstream failed'))).toBe(true);
    expect(logLines.some((line) => line.includes('request failed'))).toBe(true);
    expect(logLines.filter((line) => line.includes(CANARY))).toEqual([]);
    const finished = spans.getFinishedSpans();
    expect(finished.length).toBeGreaterThan(0);
    const withCanary = finished.filter((span) =>
      JSON.stringify({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
      }).includes(CANARY),
    );
    expect(withCanary.map((span) => span.name)).toEqual([]);
    // What was redacted is still there to read, without its secret.
    expect(
      finished.some((span) => span.attributes['url.path'] === `/api/calendar/${REDACTED}`),
    ).toBe(true);
  });
});
