import type { JsMsg } from '@nats-io/jetstream';
import { requestContext } from '../request-context.ts';
import { eventDuration } from '../telemetry/metrics.ts';
import { SpanKind, TRACE_HEADERS, contextFrom, inSpan } from '../telemetry/tracing.ts';
import type { BusContext } from './context.ts';
import { giveUp, settleReplay } from './dead-letters.ts';
import { PermanentEventError, errorText, redeliveryDelay } from './rules.ts';
import type { Delivery, EventHandler } from './types.ts';

export async function handleDelivery(
  ctx: BusContext,
  delivery: Delivery,
  handler: EventHandler,
): Promise<void> {
  const { name } = ctx;
  const { msg, event, durable } = delivery;
  const started = performance.now();
  const outcome = (value: 'ok' | 'retry' | 'terminated') =>
    eventDuration.observe(
      { service: name, durable, type: event.type, outcome: value },
      (performance.now() - started) / 1_000,
    );
  // The consumer's span continues the publisher's trace (the message headers), so one completion is one
  // trace from the browser's request to the last consumer.
  const parent = contextFrom(traceCarrierOf(msg));
  const work = () =>
    inSpan(
      name,
      `process ${event.type}`,
      {
        kind: SpanKind.CONSUMER,
        parent,
        attributes: {
          'messaging.system': 'nats',
          'messaging.destination.name': msg.subject,
          'messaging.consumer.group.name': durable,
          'messaging.message.id': event.id,
        },
      },
      () => runHandler(ctx, delivery, handler, outcome),
    );
  await requestContext.run({ requestId: event.requestId ?? event.id }, work);
}

async function runHandler(
  ctx: BusContext,
  delivery: Delivery,
  handler: EventHandler,
  outcome: (value: 'ok' | 'retry' | 'terminated') => void,
): Promise<void> {
  const { logger } = ctx;
  const { msg, event, meta, durable } = delivery;
  if (meta.deliveryCount > delivery.maxDeliver) {
    // The last delivery allowed never reported back (the process died or hung inside the handler).
    outcome('terminated');
    await giveUp(
      ctx,
      delivery,
      'unfinished',
      `not finished after ${delivery.maxDeliver} deliveries`,
    );
    return;
  }
  try {
    await handler(event, meta);
  } catch (err) {
    const terminal = err instanceof PermanentEventError;
    if (terminal || meta.deliveryCount >= delivery.maxDeliver) {
      outcome('terminated');
      await giveUp(ctx, delivery, terminal ? 'terminal' : 'max_deliveries', errorText(err));
      return;
    }
    outcome('retry');
    logger.warn('event handler failed, will redeliver', {
      type: event.type,
      eventId: event.id,
      durable,
      deliveryCount: meta.deliveryCount,
      error: err,
    });
    msg.nak(redeliveryDelay(meta.deliveryCount));
    return;
  }
  outcome('ok');
  await acknowledge(ctx, delivery);
}

export async function acknowledge(ctx: BusContext, delivery: Delivery): Promise<void> {
  const { logger } = ctx;
  const { msg, event, durable } = delivery;
  if (delivery.ackNoReply) {
    msg.ack();
  } else {
    try {
      await msg.ackAck();
    } catch (err) {
      // The handler is idempotent: an unconfirmed ack only means the event may come again.
      logger.warn('ack not confirmed', {
        type: event.type,
        eventId: event.id,
        durable,
        error: err,
      });
    }
  }
  if (delivery.replay) await settleReplay(ctx, delivery.replay);
}

/** A message's trace headers (traceparent, tracestate) as a carrier for the propagator. */
export function traceCarrierOf(msg: JsMsg): Record<string, string> {
  const carrier: Record<string, string> = {};
  for (const key of TRACE_HEADERS) {
    const value = msg.headers?.get(key);
    if (value) carrier[key] = value;
  }
  return carrier;
}
