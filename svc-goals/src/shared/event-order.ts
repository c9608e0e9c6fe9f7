/**
 * Where an event stands in its publisher's history: its time, then its stream sequence for events of the
 * same millisecond. Read models keep the position of the event they applied last, so a late or
 * redelivered older event changes nothing, and the same event applied twice changes nothing either.
 */
export interface EventPosition {
  at: Date;
  seq: number;
}

export function positionOf(event: { occurredAt: string }, meta: { streamSequence: number }) {
  return { at: new Date(event.occurredAt), seq: meta.streamSequence } satisfies EventPosition;
}

/** A filter matching documents whose stored position is older than `position`. */
export function olderThan(position: EventPosition) {
  return {
    $or: [{ at: { $lt: position.at } }, { at: position.at, seq: { $lt: position.seq } }],
  };
}

export function isNewer(position: EventPosition, stored: EventPosition): boolean {
  const a = position.at.getTime();
  const b = new Date(stored.at).getTime();
  return a > b || (a === b && position.seq > stored.seq);
}
