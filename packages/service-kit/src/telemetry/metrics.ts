import http from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics, one registry per process, served as text on `/metrics` by every service
 * and by the gateway's metrics listener. Every series carries the `service` that recorded it, so tests
 * that run several services in one process keep them apart, as Prometheus does with its job label.
 *
 * What an operator scaling a domain reads here: request rate, latency and errors by route; event
 * handling time and failures by type; JetStream consumer backlog; outbox backlog and age; MongoDB
 * operation time; the process's event-loop lag, memory and CPU (prom-client's default metrics).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A duration histogram in seconds, in the process's registry. */
function durationHistogram<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return new Histogram({ name, help, labelNames, buckets: SECONDS, registers: [registry] });
}

export const httpDuration = durationHistogram(
  'levelup_http_request_duration_seconds',
  'HTTP requests answered, by service, method, route pattern and status',
  ['service', 'method', 'route', 'status'] as const,
);

export const eventDuration = durationHistogram(
  'levelup_event_handling_duration_seconds',
  'Events handled by a consumer, by type and outcome (ok, retry: nak for redelivery, terminated)',
  ['service', 'durable', 'type', 'outcome'] as const,
);

/** Events a consumer gave up on (delivery limit reached or a terminal error), each kept in the dead letters. */
export const eventsDeadLettered = new Counter({
  name: 'levelup_events_dead_lettered_total',
  help: 'Events recorded in the dead letters instead of being applied, by consumer and event type',
  labelNames: ['service', 'consumer', 'type'] as const,
  registers: [registry],
});

export const mongoDuration = durationHistogram(
  'levelup_mongodb_operation_duration_seconds',
  'MongoDB operations of the models, by collection, operation and outcome',
  ['service', 'collection', 'operation', 'outcome'] as const,
);

/** A source of gauge readings taken at scrape time (a consumer's backlog, an outbox's waiting entries). */
type Reading<L extends string> = { labels: Record<L, string>; values: Record<string, number> };
type Source<L extends string> = () => Promise<Array<Reading<L>>>;

/** Gauges read from sources when Prometheus scrapes, so nothing is polled between scrapes. */
function scrapedGauges<L extends string>(
  specs: Array<{ name: string; help: string; value: string }>,
  labelNames: readonly L[],
) {
  const sources = new Set<Source<L>>();
  let pending: Promise<Array<Reading<L>>> | undefined;
  // One read per scrape for all gauges of the group.
  const read = () =>
    (pending ??= Promise.all(
      [...sources].map((source) => source().catch(() => [] as Array<Reading<L>>)),
    )
      .then((all) => all.flat())
      .finally(() => setImmediate(() => (pending = undefined))));
  for (const spec of specs) {
    new Gauge({
      name: spec.name,
      help: spec.help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        for (const reading of await read()) {
          this.set(reading.labels as never, reading.values[spec.value] ?? 0);
        }
      },
    });
  }
  return (source: Source<L>) => {
    sources.add(source);
    return () => void sources.delete(source);
  };
}

/** JetStream's own view of a durable consumer: messages not yet delivered, and delivered but not acked. */
export const observeConsumers = scrapedGauges(
  [
    {
      name: 'levelup_jetstream_consumer_pending',
      help: 'Messages in the stream not yet delivered to the consumer',
      value: 'pending',
    },
    {
      name: 'levelup_jetstream_consumer_ack_pending',
      help: 'Messages delivered to the consumer and not yet acknowledged',
      value: 'ackPending',
    },
  ],
  ['service', 'stream', 'durable'] as const,
);

/** Events written to an outbox and not yet published, and how long the oldest has waited. */
export const observeOutbox = scrapedGauges(
  [
    {
      name: 'levelup_outbox_entries_waiting',
      help: 'Events in outboxes waiting to be published',
      value: 'waiting',
    },
    {
      name: 'levelup_outbox_oldest_entry_age_seconds',
      help: 'Age of the oldest event waiting in an outbox (0 when none waits)',
      value: 'oldestAgeSeconds',
    },
  ],
  ['service', 'collection'] as const,
);

/** The registry's text for a scrape, and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/**
 * A listener that answers only GET /metrics, for a process whose main port is public (the gateway).
 * A port already taken is reported to `onError` and leaves the process serving without it: metrics are
 * worth less than the app.
 */
export function serveMetrics(
  port: number,
  options: { host?: string; onError?: (error: Error) => void } = {},
): http.Server {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"code":"NOT_FOUND","message":"Only /metrics is here"}}');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  server.on('error', (error) => options.onError?.(error));
  server.listen(port, options.host ?? '0.0.0.0');
  return server;
}
