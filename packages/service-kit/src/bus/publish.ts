import { headers, type MsgHdrs } from '@nats-io/transport-node';
import type { PubAck } from '@nats-io/jetstream';
import type { EventEnvelope } from '@levelup/contracts';
import { SpanKind, contextFrom, inSpan, traceHeaders } from '../telemetry/tracing.ts';
import type { BusContext } from './context.ts';
import { ensureStream, knownStreamFor } from './streams.ts';

/**
 * Publishes with the event id as msgID (so JetStream stores it once within the duplicate window), in a
 * producer span continuing `trace` when given.
 */
export async function publish(
  ctx: BusContext,
  event: EventEnvelope,
  trace?: Record<string, string>,
): Promise<PubAck> {
  const { js, logger, name } = ctx;
  const subject = ctx.subjectOf(event.type);
  const send = () =>
    js.publish(subject, JSON.stringify(event), {
      msgID: event.id,
      timeout: 5_000,
      ...traceMessageHeaders(),
    });
  return inSpan(
    name,
    `publish ${event.type}`,
    {
      kind: SpanKind.PRODUCER,
      parent: trace ? contextFrom(trace) : undefined,
      attributes: {
        'messaging.system': 'nats',
        'messaging.destination.name': subject,
        'messaging.message.id': event.id,
      },
    },
    async () => {
      try {
        return await send();
      } catch (err) {
        // No stream answers on the subject (e.g. a server restarted without storage): recreate it once.
        const known = knownStreamFor(ctx, event.type);
        if (
          !known ||
          !/jetstream is not enabled|no responders/i.test(String((err as Error).message))
        )
          throw err;
        logger.warn('no stream for subject, recreating', {
          stream: known.name,
          type: event.type,
        });
        await ensureStream(ctx, known);
        return send();
      }
    },
  );
}

/** The current trace context as NATS message headers; nothing (a plain publish) outside a trace. */
function traceMessageHeaders(): { headers?: MsgHdrs } {
  const carrier = traceHeaders();
  const keys = Object.keys(carrier);
  if (keys.length === 0) return {};
  const hdrs = headers();
  for (const key of keys) hdrs.set(key, carrier[key]!);
  return { headers: hdrs };
}
