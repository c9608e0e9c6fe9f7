import { EVENTS } from '@levelup/contracts';
import type { EventEnvelope } from '@levelup/contracts';

/** How many of an item's latest completion events it keeps, so Undo can find it from any of them. */
export const COMPLETION_EVENTS_KEPT = 20;

/**
 * The update parts that record which completion stands after a state change: a completion or partial
 * becomes the one Undo takes back, a revoke leaves none. Undo acts only while its event is the
 * standing one, which is what makes a second (or a parallel) Undo move nothing.
 */
export function completionEventUpdate(event: EventEnvelope | null): {
  set: { completionEventId?: string | null };
  push: { completionEventIds?: { $each: string[]; $slice: number } };
} {
  if (!event) return { set: {}, push: {} };
  if (event.type === EVENTS.questRevoked.type)
    return { set: { completionEventId: null }, push: {} };
  return {
    set: { completionEventId: event.id },
    push: { completionEventIds: { $each: [event.id], $slice: -COMPLETION_EVENTS_KEPT } },
  };
}
