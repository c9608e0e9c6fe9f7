import { requestContext } from '../request-context.ts';
import { eventDuration } from '../telemetry/metrics.ts';
import { SpanKind, contextFrom, inSpan } from '../telemetry/tracing.ts';
import type { BusContext } from './context.ts';
import { acknowledge, handleDelivery, traceCarrierOf } from './handling.ts';
import type { BatchHandler, ConsumeSpec, Delivery } from './types.ts';

/**
 * Events of one partition key (or of several, batched across keys): one call of the batch handler for
 * the keys whose events are all first deliveries (or redeliveries, when the batch handler takes them:
 * `batchTakesRedeliveries`); the keys holding a redelivery or a replay go through
 * the per-event handler, one at a time, in order (as does a batch that fails). A redelivery (an
 * acknowledgement lost while a NATS node was down, say) takes only its own key off the fast path, not
 * the whole batch: on a busy machine a batch handled one event at a time falls behind, and what waits
 * behind it is delivered again. A batch handler sees each event id once: a copy published again past
 * JetStream's de-duplication window can sit in the same batch, and is acknowledged with the first.
 */
export async function handleBatch(
  ctx: BusContext,
  deliveries: Delivery[],
  spec: ConsumeSpec,
  batchHandler: BatchHandler,
): Promise<void> {
  const { fresh, again } = splitByKey(
    deliveries,
    spec.partitionKey,
    spec.batchTakesRedeliveries === true,
  );
  // The batch first: it is quick, and its events' acknowledgement wait runs meanwhile.
  if (fresh.length >= 2) await applyBatch(ctx, fresh, spec, batchHandler);
  else await oneAtATime(ctx, fresh, spec);
  await oneAtATime(ctx, again, spec);
}

const oneAtATime = async (ctx: BusContext, deliveries: Delivery[], spec: ConsumeSpec) => {
  for (const delivery of deliveries) await handleDelivery(ctx, delivery, spec.handler);
};

/**
 * The deliveries of keys that hold no redelivery (unless the batch handler takes them) or replay
 * (fresh), and the others (again), each in the order given. A delivery without a key is a key of its own.
 */
export function splitByKey(
  deliveries: Delivery[],
  keyOf: ConsumeSpec['partitionKey'],
  batchTakesRedeliveries = false,
): { fresh: Delivery[]; again: Delivery[] } {
  const keyFor = (delivery: Delivery) => keyOf?.(delivery.event) ?? delivery;
  const again = (delivery: Delivery) =>
    delivery.replay !== undefined || (!batchTakesRedeliveries && delivery.meta.deliveryCount > 1);
  const repeated = new Set(deliveries.filter(again).map(keyFor));
  const split = { fresh: [] as Delivery[], again: [] as Delivery[] };
  for (const delivery of deliveries)
    (repeated.has(keyFor(delivery)) ? split.again : split.fresh).push(delivery);
  return split;
}

/** The batch handler over the deliveries; one at a time if it fails. */
async function applyBatch(
  ctx: BusContext,
  deliveries: Delivery[],
  spec: ConsumeSpec,
  batchHandler: BatchHandler,
): Promise<void> {
  const { logger, name } = ctx;
  const first = deliveries[0]!;
  const started = performance.now();
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
    logger.warn('batch not applied whole, handling its events one at a time', {
      durable: first.durable,
      events: deliveries.length,
      error: err,
    });
    return oneAtATime(ctx, deliveries, spec);
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
