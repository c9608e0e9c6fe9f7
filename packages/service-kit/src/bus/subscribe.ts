import {
  STREAMS,
  eventEntryOf,
  subjectFilterOf,
  type DomainEvent,
  type EventEnvelope,
  type EventEntry,
  type EventType,
} from '@levelup/contracts';
import type { HistorySource } from '../rebuild.ts';
import type { Bus, ConsumeSpec, ConsumerHandle, EventMeta, EventSchema } from './types.ts';

/** A handler per event type, each given its event typed by the contracts' EVENTS table. */
export type EventHandlers = {
  [T in EventType]?: (event: DomainEvent<T>, meta: EventMeta) => Promise<void>;
};

/** What a consumer of `on` needs from the bus: its stream, subject filter, schemas and dispatcher. */
export interface Subscription extends HistorySource {
  stream: string;
  filterSubject: string;
  schemaFor(type: string): EventSchema | undefined;
  /** Hands an event to its type's handler; events the filter delivers but `on` does not name pass by. */
  handler(event: EventEnvelope, meta: EventMeta): Promise<void>;
}

/**
 * Everything a consumer of the event types in `on` is derived from the EVENTS table: the stream of
 * their publisher, the narrowest subject filter delivering them all, the schema each is validated with
 * (once, by the bus, before the handler) and the dispatch by type. Rebuilds use the same object to read
 * history, so a read model is rebuilt by exactly the code that keeps it live.
 */
export function subscription(on: EventHandlers): Subscription {
  const entries = Object.keys(on).map((type) => {
    const entry = eventEntryOf(type);
    if (!entry) throw new Error(`no event '${type}' in the EVENTS table`);
    return entry;
  });
  const handlers = on as Record<string, EventHandlers[EventType]>;
  return {
    ...historyOf(entries),
    async handler(event, meta) {
      const handle = handlers[event.type] as
        ((event: EventEnvelope, meta: EventMeta) => Promise<void>) | undefined;
      if (handle) await handle(event, meta);
    },
  };
}

/**
 * Where the history of `entries` is read from and how each is validated: what a rebuild reads so that it
 * sees exactly what the live consumer of the same entries sees.
 */
export function historyOf(
  entries: readonly EventEntry[],
): Required<HistorySource> & { stream: string; filterSubject: string } {
  const { stream, filterSubject } = subjectFilterOf(entries);
  const followed = new Set<string>(entries.map((entry) => entry.type));
  return {
    stream: STREAMS[stream].name,
    filterSubject,
    schemaFor: (type) => (followed.has(type) ? eventEntryOf(type)?.schema : undefined),
  };
}

export type SubscribeSpec = Omit<
  ConsumeSpec,
  'stream' | 'filterSubject' | 'handler' | 'schemaFor'
> & {
  on: EventHandlers;
};

/**
 * A durable consumer of the event types in `on`, e.g.
 * `subscribe(bus, { durable: 'svc-goals-goals', on: { [EVENTS.goalProgressed.type]: handler } })`.
 * A batch handler, when given, still receives every event the filter delivers in a batch.
 */
export function subscribe(bus: Pick<Bus, 'consume'>, spec: SubscribeSpec): Promise<ConsumerHandle> {
  const { on, ...options } = spec;
  const { stream, filterSubject, schemaFor, handler } = subscription(on);
  return bus.consume({ ...options, stream, filterSubject, schemaFor, handler });
}

/** The same handler for several event types: `on: handleAll([EVENTS.a, EVENTS.b], handler)`. */
export function handleAll(
  entries: readonly { type: EventType }[],
  handler: (event: EventEnvelope, meta: EventMeta) => Promise<void>,
): EventHandlers {
  return Object.fromEntries(entries.map(({ type }) => [type, handler])) as EventHandlers;
}
