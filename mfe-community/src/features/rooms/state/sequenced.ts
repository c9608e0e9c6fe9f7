// A room's events carry a sequence number given in one place on the server, so every member applies them
// in the same order. The stream can still hand this screen an event twice (a reconnection resumes from
// the last id it saw, and the snapshot read at the same time may already include it) or, across a
// reconnection, out of order. This keeps the room as the snapshot plus exactly the events after it, each
// once, in order; an event that arrives ahead of a missing one waits for it.

export interface SequencedEvent {
  seq: number;
}

export interface Sequenced<S, E extends SequencedEvent> {
  /** The room as of `seq`; null until the first snapshot. */
  state: S | null;
  /** The last event applied (or the snapshot's). */
  seq: number;
  /** Events after a gap, kept in order until the missing ones arrive or a snapshot covers them. */
  pending: E[];
}

export function emptySequenced<S, E extends SequencedEvent>(): Sequenced<S, E> {
  return { state: null, seq: 0, pending: [] };
}

/** Applies what is next in line from `pending`, in order. */
function drain<S, E extends SequencedEvent>(
  log: Sequenced<S, E>,
  apply: (state: S, event: E) => S,
): Sequenced<S, E> {
  if (log.state === null) return log;
  let state: S = log.state;
  let seq = log.seq;
  const pending = [...log.pending].sort((a, b) => a.seq - b.seq);
  const waiting: E[] = [];
  for (const event of pending) {
    if (event.seq <= seq) continue; // already in the state
    if (event.seq === seq + 1) {
      state = apply(state, event);
      seq = event.seq;
    } else waiting.push(event);
  }
  return { state, seq, pending: waiting };
}

/**
 * One event from the stream: applied if it is the next one, dropped if already applied, held if one
 * before it is missing. Before the first snapshot every event is held.
 */
export function receiveEvent<S, E extends SequencedEvent>(
  log: Sequenced<S, E>,
  event: E,
  apply: (state: S, event: E) => S,
): Sequenced<S, E> {
  if (log.state !== null && event.seq <= log.seq) return log;
  if (log.pending.some((held) => held.seq === event.seq)) return log;
  return drain({ ...log, pending: [...log.pending, event] }, apply);
}

/**
 * A snapshot of the room as of `seq`: replaces the state when it is newer than what is applied (an older
 * one, read before events already applied, is ignored), then the held events after it are applied.
 */
export function receiveSnapshot<S, E extends SequencedEvent>(
  log: Sequenced<S, E>,
  snapshot: S,
  seq: number,
  apply: (state: S, event: E) => S,
): Sequenced<S, E> {
  if (log.state !== null && seq < log.seq) return log;
  return drain({ state: snapshot, seq, pending: log.pending }, apply);
}

/** True when events are held behind a missing one: the screen should read a fresh snapshot. */
export function hasGap<S, E extends SequencedEvent>(log: Sequenced<S, E>): boolean {
  return log.state !== null && log.pending.length > 0;
}
