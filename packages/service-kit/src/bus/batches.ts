import { requestContext } from '../request-context.ts';
import { eventDuration } from '../telemetry/metrics.ts';
import { SpanKind, contextFrom, inSpan } from '../telemetry/tracing.ts';
import type { BusContext } from './context.ts';
import { acknowledge, handleDelivery, traceCarrierOf } from './handling.ts';
import { ACK_WAIT_MS } from './rules.ts';
import type { ConsumeSpec, Delivery } from './types.ts';

/**
 * Events of one partition key (or of several, batched across keys): one call of the batch handler when
 * all are first deliveries, else (or when the batch fails) the per-event handler, one at a time, in
 * order. A batch handler sees each event id once: a copy published again past JetStream's
 * de-duplication window can sit in the same batch, and is acknowledged with the first.
 */
export async function handleBatch(
  ctx: BusContext,
  deliveries: Delivery[],
  spec: ConsumeSpec,
): Promise<void> {
  const { logger, name } = ctx;
  const one = async () => {
    for (const delivery of deliveries) await handleDelivery(ctx, delivery, spec.handler);
  };
  const batchHandler = spec.batchHandler;
  if (
    !batchHandler ||
    deliveries.length < 2 ||
    deliveries.some((d) => d.meta.deliveryCount > 1 || d.replay)
  )
    return one();
  const first = deliveries[0]!;
  const started = performance.now();
  const stillWorking = setInterval(() => {
    for (const delivery of deliveries) delivery.msg.working();
  }, ACK_WAIT_MS / 3);
  try {
    await requestContext.run({ requestId: first.event.requestId ?? first.event.id }, () =>
      inSpan(
        name,
        `process batch of ${deliveries.length}`,
        {
          kind: SpanKind.CONSUMER,
          parent: contextFrom(traceCarrierOf(first.msg)),
          attributes: {
            'messaging.system': 'nats',
            'messaging.consumer.group.name': first.durable,
            'messaging.batch.message_count': deliveries.length,
          },
        },
        () => batchHandler(eachEventOnce(deliveries).map(({ event, meta }) => ({ event, meta }))),
      ),
    );
  } catch (err) {
    clearInterval(stillWorking);
    logger.warn('batch not applied whole, handling its events one at a time', {
      durable: first.durable,
      events: deliveries.length,
      error: err,
    });
    return one();
  } finally {
    clearInterval(stillWorking);
  }
  const seconds = (performance.now() - started) / 1_000 / deliveries.length;
  for (const delivery of deliveries) {
    eventDuration.observe(
      { service: name, durable: delivery.durable, type: delivery.event.type, outcome: 'ok' },
      seconds,
    );
    await acknowledge(ctx, delivery);
  }
}

/** The deliveries in order, a later one of an event id already there left out. */
function eachEventOnce(deliveries: Delivery[]): Delivery[] {
  const seen = new Set<string>();
  return deliveries.filter(({ event }) => !seen.has(event.id) && seen.add(event.id));
}
