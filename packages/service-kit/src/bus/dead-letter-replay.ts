import { headers } from '@nats-io/transport-node';
import type { JsMsg } from '@nats-io/jetstream';
import { eventEnvelopeSchema } from '@levelup/contracts';
import type { BusContext } from './context.ts';
import type { ConsumerRules } from './deliveries.ts';
import { DEAD_LETTER_SEQ_HEADER, STREAM_NOT_FOUND, isApiError, replaySubject } from './rules.ts';
import { ensureDeadLetterStream } from './streams.ts';
import type { DeadLetter, DeadLetterFilter, Delivery } from './types.ts';

export async function listDeadLetters(
  ctx: BusContext,
  filter: DeadLetterFilter = {},
): Promise<DeadLetter[]> {
  const { subjectOf } = ctx;
  let subject = subjectOf('deadletter.record.>');
  if (filter.consumer) {
    const [streamPart, durablePart] = filter.consumer.includes('/')
      ? filter.consumer.split('/', 2)
      : ['*', filter.consumer];
    if (!/^[A-Za-z0-9_*-]+$/.test(streamPart!) || !/^[A-Za-z0-9_-]+$/.test(durablePart!))
      throw new Error(`not a consumer name: ${filter.consumer}`);
    subject = subjectOf(`deadletter.record.${streamPart}.${durablePart}`);
  }
  const records = await readRecords(ctx, subject);
  return filter.id === undefined
    ? records
    : records.filter((record) => record.eventId === filter.id || String(record.seq) === filter.id);
}

export async function replayDeadLetters(
  ctx: BusContext,
  filter: DeadLetterFilter = {},
): Promise<DeadLetter[]> {
  const { js, logger, subjectOf } = ctx;
  const records = (await listDeadLetters(ctx, filter)).filter((record) => record.event !== null);
  if (records.length > 0) await ensureDeadLetterStream(ctx);
  for (const record of records) {
    const hdrs = headers();
    hdrs.set(DEAD_LETTER_SEQ_HEADER, String(record.seq));
    const { seq: _seq, ...stored } = record;
    await js.publish(
      subjectOf(replaySubject(record.stream, record.consumer)),
      JSON.stringify(stored),
      { headers: hdrs, timeout: 5_000 },
    );
    logger.info('dead letter replayed', {
      seq: record.seq,
      eventId: record.eventId,
      type: record.type,
      stream: record.stream,
      durable: record.consumer,
    });
  }
  return records;
}

/**
 * The delivery of a replay request to the consumer that gave its event up; undefined when the request
 * holds no readable event (it is dropped, the record stays).
 */
export function toReplayDelivery(
  ctx: BusContext,
  rules: ConsumerRules,
  msg: JsMsg,
): Delivery | undefined {
  const { spec, maxDeliver, ackNoReply } = rules;
  let record: Partial<DeadLetter> | undefined;
  try {
    record = msg.json<Partial<DeadLetter>>();
  } catch {
    record = undefined;
  }
  const parsed = eventEnvelopeSchema.safeParse(record?.event);
  if (!record || !parsed.success) {
    // The record stays in the dead letters; only this request is dropped.
    ctx.logger.error('dead-letter replay without a readable event dropped', {
      durable: spec.durable,
      seq: msg.seq,
    });
    msg.term('unreadable replay');
    return undefined;
  }
  const typed = spec.schemaFor?.(parsed.data.type)?.safeParse(record.event);
  const event = typed?.success ? typed.data : parsed.data;
  const recordSeq = Number(msg.headers?.get(DEAD_LETTER_SEQ_HEADER));
  const delivery: Delivery = {
    msg,
    event,
    meta: {
      subject: ctx.subjectOf(event.type),
      deliveryCount: msg.info.deliveryCount,
      streamSequence: record.streamSequence ?? 0,
    },
    stream: spec.stream,
    durable: spec.durable,
    maxDeliver,
    replay: {
      recordSeq: Number.isInteger(recordSeq) && recordSeq > 0 ? recordSeq : undefined,
      requestSeq: msg.seq,
    },
    ackNoReply,
  };
  return delivery;
}

/** The stored records under `subject` (a pattern), oldest first. */
async function readRecords(ctx: BusContext, subject: string): Promise<DeadLetter[]> {
  const { js, jsm, logger, deadLetterStream } = ctx;
  let count = 0;
  try {
    const info = await jsm.streams.info(deadLetterStream, { subjects_filter: subject });
    count = Object.values(info.state.subjects ?? {}).reduce((sum, n) => sum + n, 0);
  } catch (err) {
    if (isApiError(err, STREAM_NOT_FOUND)) return [];
    throw err;
  }
  if (count === 0) return [];
  const reader = await js.consumers.get(deadLetterStream, { filter_subjects: subject });
  const records: DeadLetter[] = [];
  // Batches until the reader reports nothing pending, or a batch comes back empty (records removed
  // between the count and the read).
  for (let more = true; more;) {
    const batch = await reader.fetch({ max_messages: 256, expires: 1_000 });
    more = false;
    for await (const msg of batch) {
      try {
        records.push({ ...msg.json<Omit<DeadLetter, 'seq'>>(), seq: msg.seq });
      } catch {
        logger.warn('unreadable dead-letter record skipped', { seq: msg.seq });
      }
      more = msg.info.pending > 0;
    }
  }
  return records;
}
