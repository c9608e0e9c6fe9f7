import { eventsDeadLettered } from '../telemetry/metrics.ts';
import type { BusContext } from './context.ts';
import { recordSubject, redeliveryDelay } from './rules.ts';
import { ensureDeadLetterStream } from './streams.ts';
import type { DeadLetter, DeadLetterReason, Delivery } from './types.ts';

/**
 * Stores a dead letter (idempotent per `recordId` within the duplicate window, so a redelivery after
 * a crash between storing and terminating stores it once), counts it and logs it.
 */
export async function storeDeadLetter(
  ctx: BusContext,
  record: Omit<DeadLetter, 'seq'>,
  recordId: string,
) {
  const { js, logger, name } = ctx;
  await ensureDeadLetterStream(ctx);
  const ack = await js.publish(
    ctx.subjectOf(recordSubject(record.stream, record.consumer)),
    JSON.stringify(record),
    { msgID: recordId, timeout: 5_000 },
  );
  if (ack.duplicate) return;
  eventsDeadLettered.inc({ service: name, consumer: record.consumer, type: record.type });
  logger.error('event dead-lettered', {
    type: record.type,
    eventId: record.eventId,
    stream: record.stream,
    durable: record.consumer,
    reason: record.reason,
    deliveryCount: record.deliveryCount,
    deadLetterSeq: ack.seq,
    error: record.error,
  });
}

/** Records the event in the dead letters, then terminates it; if the record cannot be stored, redelivers. */
export async function giveUp(
  ctx: BusContext,
  delivery: Delivery,
  reason: DeadLetterReason,
  error: string,
) {
  const { logger, name } = ctx;
  const { msg, event, meta } = delivery;
  const recordId =
    `${delivery.stream}.${delivery.durable}.${meta.streamSequence}` +
    (delivery.replay ? `.r${delivery.replay.requestSeq}` : '');
  try {
    await storeDeadLetter(
      ctx,
      {
        eventId: event.id,
        type: event.type,
        stream: delivery.stream,
        consumer: delivery.durable,
        service: name,
        streamSequence: meta.streamSequence,
        deliveryCount: meta.deliveryCount,
        reason,
        error,
        deadLetteredAt: new Date().toISOString(),
        event,
      },
      recordId,
    );
  } catch (err) {
    logger.error('dead letter not stored, will redeliver', {
      type: event.type,
      eventId: event.id,
      durable: delivery.durable,
      error: err,
    });
    msg.nak(redeliveryDelay(meta.deliveryCount));
    return;
  }
  msg.term(reason);
  // A replay that failed again: the new record replaces the one replayed.
  if (delivery.replay) await settleReplay(ctx, delivery.replay);
}

/** Removes a replayed record and its request (a second replay of the same record finds them gone). */
export async function settleReplay(
  ctx: BusContext,
  replay: NonNullable<Delivery['replay']>,
): Promise<void> {
  for (const seq of [replay.recordSeq, replay.requestSeq]) {
    if (seq === undefined) continue;
    try {
      await ctx.jsm.streams.deleteMessage(ctx.deadLetterStream, seq, false);
    } catch {
      // already gone
    }
  }
}
