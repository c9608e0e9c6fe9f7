import {
  INVALID_SPAN_CONTEXT,
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type Attributes,
  type Context,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  TracerProvider,
  type Span as SdkSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { redactUrl } from './redact.ts';

/**
 * Traces: W3C trace context from the gateway into each service over HTTP, and from a
 * publisher to its consumers in the NATS message headers, so one completion is one trace. Spans are
 * recorded only where a provider is installed: with OTEL_EXPORTER_OTLP_ENDPOINT set (OTLP over HTTP), or
 * by a test with its in-memory exporter. Without one the API's no-op tracer passes the incoming context
 * on unchanged, so ids still flow and nothing is recorded or sent.
 */

export { SpanKind };

/** Headers as Node, NATS (MsgHdrs) or a plain object carry them. */
export type TraceCarrier = Record<string, string | string[] | undefined>;

export const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

let installedContext = false;
let provider: TracerProvider | undefined;

/** Context and propagation: cheap, and needed for ids to pass through even when nothing is recorded. */
function installContext(): void {
  if (installedContext) return;
  installedContext = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

export interface TracingOptions {
  /** The process's service name (resource `service.name`). */
  serviceName: string;
  /** Tests: where spans go (an InMemorySpanExporter behind a SimpleSpanProcessor). */
  spanProcessors?: SpanProcessor[];
  env?: NodeJS.ProcessEnv;
}

/**
 * Called once per process at start-up (startService, the gateway's main). Records spans only when an
 * OTLP endpoint is configured or a test passes its own processors; a second call changes nothing.
 */
export function configureTracing(options: TracingOptions): void {
  installContext();
  if (provider) return;
  const env = options.env ?? process.env;
  const processors =
    options.spanProcessors ??
    (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
      ? [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })]
      : []);
  if (processors.length === 0) return;
  provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME ?? options.serviceName,
    }),
    // First, so every exporter gets the span with its secrets already out.
    spanProcessors: [redactingProcessor, ...processors],
  });
  trace.setGlobalTracerProvider(provider);
}

/**
 * Secrets of URLs out of every span before anything exports it (redact.ts): whichever instrumentation
 * set them, string attributes (`url.path`, `url.full`, `http.target`, ...), the name and the events' attributes
 * (a recorded exception's message and stack) are redacted as the span ends.
 */
const redactingProcessor: SpanProcessor = {
  onStart: () => undefined,
  onEnding(span: SdkSpan) {
    for (const [key, value] of Object.entries(span.attributes)) {
      if (typeof value === 'string') {
        const redacted = redactUrl(value);
        if (redacted !== value) span.setAttribute(key, redacted);
      }
    }
    const name = redactUrl(span.name);
    if (name !== span.name) span.updateName(name);
    for (const event of span.events) {
      const attributes = event.attributes as Record<string, unknown> | undefined;
      for (const [key, value] of Object.entries(attributes ?? {})) {
        if (typeof value === 'string') attributes![key] = redactUrl(value);
      }
    }
  },
  onEnd: () => undefined,
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/** Whether this process records spans (an OTLP exporter, or a test's processors). */
export function tracingEnabled(): boolean {
  return provider !== undefined;
}

/** Sends what is buffered (at shutdown). */
export async function flushTraces(): Promise<void> {
  await provider?.forceFlush();
}

/** A tracer named after the component that records (its instrumentation scope). */
export function tracerFor(component: string) {
  return trace.getTracer(component);
}

const carrierGetter: TextMapGetter<TraceCarrier> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key] ?? carrier[key.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  },
};

/** The context a caller sent (traceparent/tracestate), on top of the current one. */
export function contextFrom(carrier: TraceCarrier): Context {
  return propagation.extract(context.active(), carrier, carrierGetter);
}

/** The current context's traceparent (and tracestate) as headers, for an HTTP call or a NATS message. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The current trace and span ids, for log lines (undefined outside a sampled trace). */
export function currentTraceIds(): { traceId: string; spanId: string } | undefined {
  const spanContext = trace.getSpan(context.active())?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return undefined;
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent, e.g. contextFrom(headers); the active context otherwise. */
  parent?: Context;
}

/** What `work` gets where nothing is recorded and no caller's span is known. */
const NOT_RECORDED = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Runs `work` inside a new span that is the active one meanwhile. A throw marks the span as an error
 * and is rethrown; the span always ends. Where nothing is recorded (no exporter) no span is made: `work`
 * runs in the parent's context, so a caller's trace ids still flow on, at no other cost.
 */
export async function inSpan<T>(
  component: string,
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const active = context.active();
  const parent = options.parent ?? active;
  if (!provider) {
    const span = trace.getSpan(parent) ?? NOT_RECORDED;
    return parent === active ? work(span) : context.with(parent, () => work(span));
  }
  const span = tracerFor(component).startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (err) {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}
