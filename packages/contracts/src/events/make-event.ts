import { EVENT_VERSION } from './envelope.ts';
import type { EVENTS, EventDataMap, EventName, EventType } from './table.ts';

export type { EventDataMap, EventType } from './table.ts';

export interface DomainEvent<K extends EventType = EventType> {
  id: string;
  type: K;
  version: typeof EVENT_VERSION;
  occurredAt: string;
  requestId?: string;
  data: EventDataMap[K];
}

/** The event of one EVENTS entry, by its name: `EventOf<'goalProgressed'>`. */
export type EventOf<N extends EventName> = DomainEvent<(typeof EVENTS)[N]['type']>;

/**
 * Whether `event` is one of `entry`'s (`isEventOf(EVENTS.goalProgressed, event)`): a check of its type,
 * for events the bus validated against their entry or that this process made.
 */
export function isEventOf<K extends EventType>(
  entry: { type: K },
  event: { type: string },
): event is DomainEvent<K> {
  return event.type === entry.type;
}

/** An envelope with a fresh uuid; `now` lets callers and tests fix the time. */
export function makeEvent<K extends EventType>(
  type: K,
  data: EventDataMap[K],
  options: { requestId?: string | undefined; now?: Date | undefined } = {},
): DomainEvent<K> {
  const event: DomainEvent<K> = {
    id: globalThis.crypto.randomUUID(),
    type,
    version: EVENT_VERSION,
    occurredAt: (options.now ?? new Date()).toISOString(),
    data,
  };
  if (options.requestId !== undefined) event.requestId = options.requestId;
  return event;
}
