import type { JsMsg } from '@nats-io/jetstream';
import { eventEnvelopeSchema, type EventEnvelope } from '@levelup/contracts';
import { eventDuration } from '../telemetry/metrics.ts';
import type { BusContext } from './context.ts';
import { giveUp, storeDeadLetter } from './dead-letters.ts';
import { errorText, redeliveryDelay } from './rules.ts';
import type { ConsumeSpec, Delivery, EventSchema } from './types.ts';

/** One consumer's spec with the settings the bus derived from it, as every delivery of it needs them. */
export interface ConsumerRules {
  spec: ConsumeSpec;
  /** Deliveries before a failing event goes to the dead letters. */
  maxDeliver: number;
  /** Acknowledge without waiting for the server (the handler is idempotent). */
  ackNoReply: boolean;
}

/**
 * The delivery of a message from the consumer's stream; undefined when it went to the dead letters
 * (unreadable, or an event this consumer cannot read) or back to the stream.
 */
export async function toDelivery(
  ctx: BusContext,
  rules: ConsumerRules,
  msg: JsMsg,
): Promise<Delivery | undefined> {
  const { spec, maxDeliver, ackNoReply } = rules;
  const parsed = await parseMessage(ctx, msg, spec.stream, spec.durable, spec.schemaFor);
  if (!parsed) return undefined;
  const malformed = 'malformed' in parsed;
  const delivery: Delivery = {
    msg,
    event: malformed ? parsed.malformed : parsed,
    meta: {
      subject: msg.subject,
      deliveryCount: msg.info.deliveryCount,
      streamSequence: msg.seq,
    },
    stream: spec.stream,
    durable: spec.durable,
    maxDeliver,
    ackNoReply,
  };
  if (!malformed) return delivery;
  eventDuration.observe(
    { service: ctx.name, durable: spec.durable, type: delivery.event.type, outcome: 'terminated' },
    0,
  );
  await giveUp(ctx, delivery, 'terminal', `malformed ${delivery.event.type}`);
  return undefined;
}

/** The event in a message; a message no handler can read goes to the dead letters (undefined). */
async function parseMessage(
  ctx: BusContext,
  msg: JsMsg,
  stream: string,
  durable: string,
  schemaFor?: (type: string) => EventSchema | undefined,
): Promise<EventEnvelope | { malformed: EventEnvelope } | undefined> {
  const { logger, name, namespace } = ctx;
  try {
    const raw: unknown = msg.json();
    const type = (raw as { type?: unknown } | null)?.type;
    const schema = typeof type === 'string' ? schemaFor?.(type) : undefined;
    if (!schema) return eventEnvelopeSchema.parse(raw);
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    // An event, but not one this consumer can read: a terminal error, kept with the event.
    return { malformed: eventEnvelopeSchema.parse(raw) };
  } catch (err) {
    const type = namespace ? msg.subject.slice(namespace.length + 1) : msg.subject;
    try {
      await storeDeadLetter(
        ctx,
        {
          eventId: msg.headers?.get('Nats-Msg-Id') || null,
          type,
          stream,
          consumer: durable,
          service: name,
          streamSequence: msg.seq,
          deliveryCount: msg.info.deliveryCount,
          reason: 'unparseable',
          error: errorText(err),
          deadLetteredAt: new Date().toISOString(),
          event: null,
          raw: msg.string(),
        },
        `${stream}.${durable}.${msg.seq}`,
      );
      msg.term('unparseable event');
    } catch (storeErr) {
      logger.error('dead letter not stored, will redeliver', {
        subject: msg.subject,
        durable,
        error: storeErr,
      });
      msg.nak(redeliveryDelay(msg.info.deliveryCount));
    }
    return undefined;
  }
}
