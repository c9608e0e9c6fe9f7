import type { SequencedRoomEvent } from '@levelup/contracts';
import type { Logger } from '@levelup/service-kit';
import type { RoomsRepository } from './repository.ts';
import type { RoomConnection } from './room-hub.ts';

export interface LocalRoom {
  /** The last sequence number handed to this instance's streams, in order. */
  lastSeq: number;
  connections: Set<RoomConnection>;
  /** Events that came ahead of a missing one, by sequence number. */
  early: Map<number, SequencedRoomEvent>;
  gapTimer: NodeJS.Timeout | null;
  gapSince: number;
}

/** How long an event may wait for a missing earlier one before it is read from the database. */
const GAP_WAIT_MS = 100;
/** After this long a sequence number that never showed up (its writer died) is skipped. */
const GAP_GIVE_UP_MS = 3_000;

/**
 * Hands an event to one stream: held while the stream catches up, else written once and in order; an
 * event that removes the member, says they left or cancels the session ends the stream.
 */
export function hand(connection: RoomConnection, event: SequencedRoomEvent) {
  if (connection.pending) {
    connection.pending.push(event);
    return;
  }
  if (event.seq <= connection.lastSent) return;
  connection.lastSent = event.seq;
  connection.write(event);
  if (event.type === 'member_removed' && event.userId === connection.userId) {
    connection.end('removed');
  } else if (event.type === 'member_left' && event.userId === connection.userId) {
    connection.end('left');
  } else if (event.type === 'timer' && event.cancelled) {
    connection.end('cancelled');
  }
}

function deliver(room: LocalRoom, event: SequencedRoomEvent) {
  room.lastSeq = event.seq;
  for (const connection of room.connections) hand(connection, event);
}

function drain(room: LocalRoom) {
  for (;;) {
    const next = room.early.get(room.lastSeq + 1);
    if (!next) break;
    room.early.delete(next.seq);
    deliver(room, next);
  }
  if (room.early.size === 0 && room.gapTimer) {
    clearTimeout(room.gapTimer);
    room.gapTimer = null;
  }
}

/**
 * Puts a room's events in order on this instance: one that arrives ahead of a missing one waits, the
 * missing one is read from the stored events, and a number whose event never came is skipped after
 * GAP_GIVE_UP_MS.
 */
export function roomEventOrder(deps: {
  rooms: RoomsRepository;
  logger: Logger;
  /** True once the hub is closed: nothing more is read or delivered. */
  closed: () => boolean;
}) {
  const { rooms, logger } = deps;

  function receive(sessionId: string, room: LocalRoom, event: SequencedRoomEvent) {
    if (event.seq <= room.lastSeq) return;
    if (event.seq === room.lastSeq + 1) {
      deliver(room, event);
      drain(room);
      return;
    }
    room.early.set(event.seq, event);
    if (!room.gapTimer) {
      room.gapSince = Date.now();
      room.gapTimer = setTimeout(() => void fillGap(sessionId, room), GAP_WAIT_MS);
    }
  }

  async function fillGap(sessionId: string, room: LocalRoom) {
    room.gapTimer = null;
    if (room.early.size === 0 || deps.closed()) return;
    const upTo = Math.max(...room.early.keys());
    try {
      const stored = await rooms.eventsAfter(sessionId, room.lastSeq, upTo);
      for (const doc of stored) {
        if (!room.early.has(doc.seq)) room.early.set(doc.seq, doc.event as SequencedRoomEvent);
      }
    } catch (error) {
      logger.warn('room events could not be read', { sessionId, error: String(error) });
    }
    drain(room);
    if (room.early.size === 0) return;
    if (Date.now() - room.gapSince >= GAP_GIVE_UP_MS) {
      logger.warn('room event never arrived; skipped', { sessionId, seq: room.lastSeq + 1 });
      room.lastSeq = Math.min(...room.early.keys()) - 1;
      drain(room);
    }
    if (room.early.size > 0 && !room.gapTimer) {
      room.gapTimer = setTimeout(() => void fillGap(sessionId, room), GAP_WAIT_MS);
    }
  }

  return { receive };
}
