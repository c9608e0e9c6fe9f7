// Telemetry end to end in one process: the gateway in front of svc-identity and svc-quests, both with
// their workers on the embedded MongoDB and the real NATS. One quest completion must be one trace from the
// gateway through svc-quests and the publish to svc-identity's XP handling; /metrics must parse and move;
// no log line may carry a password, a cookie or a secret.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace';
import { SpanKind } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureTracing, createLogger } from '@levelup/service-kit';
import {
  TEST_IDENTITY_SECRET,
  eventually,
  removeTestStreams,
  startTestInfra,
  startTestService,
  type TestInfra,
  type TestService,
} from '@levelup/service-kit/testing';
import { z } from 'zod';
import {
  createApp as createIdentityApp,
  startWorkers as startIdentityWorkers,
} from '../../svc-identity/src/index.ts';
import { SESSION_KEYS, client, newUser } from '../../svc-identity/test/harness.ts';
import {
  createApp as createQuestsApp,
  startWorkers as startQuestsWorkers,
} from '../../svc-quests/src/index.ts';
import { newQuest } from '../../svc-quests/test/harness.ts';
import { createApp } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';

const spans = new InMemorySpanExporter();
configureTracing({
  serviceName: 'levelup-test',
  spanProcessors: [new SimpleSpanProcessor({ exporter: spans })],
});

const logLines: string[] = [];
const capture = (name: string) => createLogger(name, (line) => logLines.push(line), 'info');

let infra: TestInfra;
let identity: TestService;
let quests: TestService;
let gateway: http.Server;
let base: string;

beforeAll(async () => {
  infra = await startTestInfra();
  identity = await startTestService({
    name: 'svc-identity',
    createApp: createIdentityApp,
    startWorkers: startIdentityWorkers,
    deps: { sessionKeys: SESSION_KEYS, adminUsernames: [], logger: capture('svc-identity') },
    infra,
  });
  quests = await startTestService({
    name: 'svc-quests',
    createApp: createQuestsApp,
    startWorkers: startQuestsWorkers,
    deps: { logger: capture('svc-quests') },
    infra,
  });
  const config = z.object(gatewayConfigShape).parse({
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    IDENTITY_URL: identity.url,
    QUESTS_URL: quests.url,
    SESSION_CACHE_MS: '0',
  });
  const gatewayLog = capture('gateway');
  gateway = http.createServer(
    createApp(config, { log: (message, fields) => gatewayLog.info(message, fields) }).callback(),
  );
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => gateway?.close(resolve));
  await quests?.stop();
  await identity?.stop();
  await removeTestStreams(infra);
  await infra.stop();
});

/** A browser through the gateway, signed up and signed in (its cookie jar holds the session). */
async function signedInBrowser() {
  const browser = client(base);
  const user = newUser();
  expect((await browser.request('POST', '/api/auth/register', user)).status).toBe(201);
  const login = await browser.request('POST', '/api/auth/login', {
    username: user.username,
    password: user.password,
  });
  expect(login.status).toBe(200);
  return { browser, user };
}

const scopeOf = (span: ReadableSpan) => span.instrumentationScope.name;

describe('one completion is one trace', () => {
  it('when a quest is completed through the gateway, then the gateway, svc-quests, the publish and svc-identity handling it share one trace, each the child of the one before', async () => {
    const { browser } = await signedInBrowser();
    const created = await browser.request('POST', '/api/quests', newQuest({ difficulty: 'easy' }));
    expect(created.status).toBe(201);
    spans.reset();

    const toggled = await browser.request('POST', `/api/quests/${created.body.id}/toggle`);
    expect(toggled.status).toBe(200);

    const handled = await eventually(
      () => Promise.resolve(spans.getFinishedSpans()),
      (all) =>
        all.some(
          (span) => scopeOf(span) === 'svc-identity' && span.name === 'process quests.completed',
        ),
      10_000,
    );
    const gatewaySpan = handled.find(
      (span) => scopeOf(span) === 'gateway' && span.name.startsWith('POST /api'),
    )!;
    expect(gatewaySpan.kind).toBe(SpanKind.SERVER);
    const traceId = gatewaySpan.spanContext().traceId;
    const inTrace = handled.filter((span) => span.spanContext().traceId === traceId);
    const questsSpan = inTrace.find(
      (span) => scopeOf(span) === 'svc-quests' && span.kind === SpanKind.SERVER,
    )!;
    const publishSpan = inTrace.find(
      (span) => scopeOf(span) === 'svc-quests' && span.name === 'publish quests.completed',
    )!;
    const consumerSpan = inTrace.find(
      (span) => scopeOf(span) === 'svc-identity' && span.name === 'process quests.completed',
    )!;

    expect(questsSpan.name).toBe('POST /api/quests/:id/toggle');
    expect(questsSpan.parentSpanContext?.spanId).toBe(gatewaySpan.spanContext().spanId);
    expect(publishSpan.kind).toBe(SpanKind.PRODUCER);
    expect(publishSpan.parentSpanContext?.spanId).toBe(questsSpan.spanContext().spanId);
    expect(consumerSpan.kind).toBe(SpanKind.CONSUMER);
    expect(consumerSpan.parentSpanContext?.spanId).toBe(publishSpan.spanContext().spanId);
    expect(gatewaySpan.attributes['http.response.status_code']).toBe(200);
  });

  it('when a client sends its own traceparent, then the gateway starts a new trace instead of joining it', async () => {
    const { browser } = await signedInBrowser();
    spans.reset();
    const forged = '00-0123456789abcdef0123456789abcdef-0123456789abcdef-01';
    await browser.request('GET', '/api/quests', undefined, { traceparent: forged });
    const all = await eventually(
      () => Promise.resolve(spans.getFinishedSpans()),
      (finished) => finished.some((span) => scopeOf(span) === 'svc-quests'),
      5_000,
    );
    expect(
      all.every((span) => span.spanContext().traceId !== '0123456789abcdef0123456789abcdef'),
    ).toBe(true);
  });
});

/** The samples of a Prometheus text exposition, each line checked against the format. */
function parsePrometheus(
  text: string,
): Array<{ name: string; labels: Record<string, string>; value: number }> {
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1]!] = pair[2]!;
    }
    // Prometheus reads values as Go's ParseFloat does: NaN and Inf in any case (prom-client writes 'Nan').
    const raw = match[3]!;
    const value = /^nan$/i.test(raw)
      ? NaN
      : /^[+-]?inf$/i.test(raw)
        ? Number(raw.replace(/inf/i, 'Infinity'))
        : Number(raw);
    if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`not a number: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

async function scrape(url: string) {
  const response = await fetch(`${url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return parsePrometheus(await response.text());
}

describe('/metrics', () => {
  it('when a request is answered, then svc-quests counts it under its route pattern and status, and its MongoDB operations, consumers and outbox are measured', async () => {
    const { browser } = await signedInBrowser();
    const count = async () =>
      (await scrape(quests.url)).find(
        (sample) =>
          sample.name === 'levelup_http_request_duration_seconds_count' &&
          sample.labels.service === 'svc-quests' &&
          sample.labels.route === '/api/quests' &&
          sample.labels.method === 'GET' &&
          sample.labels.status === '200',
      )?.value ?? 0;
    const before = await count();
    expect((await browser.request('GET', '/api/quests')).status).toBe(200);
    expect(await count()).toBe(before + 1);

    const samples = await scrape(quests.url);
    const names = new Set(samples.map((sample) => sample.name));
    for (const name of [
      'levelup_mongodb_operation_duration_seconds_count',
      'levelup_jetstream_consumer_pending',
      'levelup_jetstream_consumer_ack_pending',
      'levelup_outbox_entries_waiting',
      'levelup_outbox_oldest_entry_age_seconds',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(
      samples.some(
        (sample) =>
          sample.name === 'levelup_outbox_entries_waiting' &&
          sample.labels.service === 'svc-quests',
      ),
    ).toBe(true);
  });

  it('when svc-identity handles a completion, then its event histogram counts it as ok by type', async () => {
    const { browser } = await signedInBrowser();
    const handled = async () =>
      (await scrape(identity.url))
        .filter(
          (sample) =>
            sample.name === 'levelup_event_handling_duration_seconds_count' &&
            sample.labels.service === 'svc-identity' &&
            sample.labels.type === 'quests.completed' &&
            sample.labels.outcome === 'ok',
        )
        .reduce((sum, sample) => sum + sample.value, 0);
    const before = await handled();
    const created = await browser.request('POST', '/api/quests', newQuest());
    await browser.request('POST', `/api/quests/${created.body.id}/toggle`);
    await eventually(handled, (after) => after >= before + 1, 10_000);
  });
});

describe('logs', () => {
  it('when a user signs up and signs in, then every request has one line with request id, route, status and duration, and no line holds the password, the cookie or a secret', async () => {
    logLines.length = 0;
    const { browser, user } = await signedInBrowser();
    await browser.request('GET', '/api/quests');
    const cookie = browser.jar.header();
    expect(cookie).not.toBe('');

    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.msg === 'request');
    const login = requests.find(
      (entry) => entry.name === 'svc-identity' && entry.route === '/api/auth/login',
    );
    expect(login).toMatchObject({ level: 'info', method: 'POST', status: 200 });
    expect(typeof login!.requestId).toBe('string');
    expect(typeof login!.durationMs).toBe('number');
    const list = requests.find(
      (entry) => entry.name === 'svc-quests' && entry.route === '/api/quests',
    );
    expect(list).toMatchObject({ status: 200, userId: expect.any(String) });
    expect(
      requests.some((entry) => entry.name === 'gateway' && entry.route === '/api → svc-identity'),
    ).toBe(true);

    const everything = logLines.join('\n');
    for (const secret of [
      user.password,
      ...cookie.split('; ').map((pair) => pair.split('=')[1]!),
      TEST_IDENTITY_SECRET,
      ...SESSION_KEYS,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
