import { z } from 'zod';
import { isoDateTimeSchema } from '../common/dates.ts';

// Events between services go over NATS JetStream; an event's `type` IS its NATS subject, and its `id`
// is the JetStream message id, so consumers apply each id at most once.

export const EVENT_VERSION = 1 as const;

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.literal(EVENT_VERSION),
  occurredAt: isoDateTimeSchema,
  requestId: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/** An envelope schema for one event type (or a few sharing a data shape). */
export function defineEvent<const T extends readonly [string, ...string[]], D extends z.ZodType>(
  types: T,
  data: D,
) {
  return eventEnvelopeSchema.extend({ type: z.enum(types), data });
}

/** One JetStream stream per publishing domain. */
export const STREAMS = {
  QUESTS: { name: 'QUESTS', subjects: ['quests.>'] },
  IDENTITY: { name: 'IDENTITY', subjects: ['identity.>'] },
  GOALS: { name: 'GOALS', subjects: ['goals.>'] },
  COMMUNITY: { name: 'COMMUNITY', subjects: ['community.>'] },
  FEEDBACK: { name: 'FEEDBACK', subjects: ['feedback.>'] },
} as const;
export type StreamName = keyof typeof STREAMS;
