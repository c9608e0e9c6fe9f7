import type { RoomStreamEvent, SequencedRoomEvent } from '@levelup/contracts';
import type { Bus, Logger } from '@levelup/service-kit';
import type { RoomsRepository } from './repository.ts';
import { hand, roomEventOrder, type LocalRoom } from './room-event-order.ts';

/** One open room stream on this instance. */
export interface RoomConnection {
  id: string;
  userId: string;
  sessionId: string;
  /** The last sequence number written to this stream: later ones only, in order. */
  lastSent: number;
  /** While the stream is being caught up (snapshot or replay), live events wait here. */
  pending: SequencedRoomEvent[] | null;
  write(event: RoomStreamEvent): void;
  /** Ends the stream (after an `ended` message when `reason` is given). */
  end(reason?: 'removed' | 'cancelled' | 'left'): void;
}

/**
 * Fan-out of room events to the streams open on this instance. Every instance publishes a room's events
 * on one core NATS subject per room and hears every room's; events are numbered by the room's counter in
 * the database, and each instance hands them to its streams in that order: one that arrives ahead of a
 * missing one waits, the missing one is read from the stored events, and a number whose event never came
 * (its writer crashed between counting and storing) is skipped after a few seconds.
 */
export function createRoomHub(deps: {
  bus: Bus;
  rooms: RoomsRepository;
  logger: Logger;
  /** Told when the first stream opens here (true) and when the last one closes (false). */
  onBusyChange?: (busy: boolean) => void;
}) {
  const { bus, rooms, logger } = deps;
  let streamsOpen = 0;
  const prefix = bus.namespace ? `${bus.namespace}.rooms` : 'rooms';
  const local = new Map<string, LocalRoom>();
  const opening = new Map<string, Promise<LocalRoom>>();
  let closed = false;
  const { receive } = roomEventOrder({ rooms, logger, closed: () => closed });

  const subscription = bus.connection.subscribe(`${prefix}.*`, {
    callback: (error, message) => {
      if (error || closed) return;
      const sessionId = message.subject.slice(prefix.length + 1);
      const room = local.get(sessionId);
      if (!room) return;
      let event: SequencedRoomEvent;
      try {
        event = JSON.parse(message.string()) as SequencedRoomEvent;
      } catch {
        return;
      }
      receive(sessionId, room, event);
    },
  });

  /** The room on this instance, starting after the room's current sequence number. */
  async function open(sessionId: string, startSeq: () => Promise<number>): Promise<LocalRoom> {
    const existing = local.get(sessionId);
    if (existing) return existing;
    let promise = opening.get(sessionId);
    if (!promise) {
      promise = startSeq().then((seq) => {
        const room: LocalRoom = {
          lastSeq: seq,
          connections: new Set(),
          early: new Map(),
          gapTimer: null,
          gapSince: 0,
        };
        local.set(sessionId, room);
        opening.delete(sessionId);
        return room;
      });
      opening.set(sessionId, promise);
    }
    return promise;
  }

  return {
    /** Sends a sequenced event to every instance's streams of the room (this one's included). */
    publish(sessionId: string, event: SequencedRoomEvent): void {
      if (closed) return;
      bus.connection.publish(`${prefix}.${sessionId}`, JSON.stringify(event));
    },

    /**
     * Adds a stream. It starts in catch-up mode (`pending`): call `caughtUp` once the snapshot or the
     * replay is written, and the live events that came meanwhile follow.
     */
    async attach(connection: RoomConnection): Promise<void> {
      const room = await open(connection.sessionId, () => rooms.currentSeq(connection.sessionId));
      if (room.connections.has(connection)) return;
      room.connections.add(connection);
      streamsOpen += 1;
      if (streamsOpen === 1) deps.onBusyChange?.(true);
    },

    caughtUp(connection: RoomConnection): void {
      const waiting = connection.pending ?? [];
      connection.pending = null;
      for (const event of waiting) hand(connection, event);
    },

    detach(connection: RoomConnection): void {
      const room = local.get(connection.sessionId);
      if (!room || !room.connections.delete(connection)) return;
      streamsOpen -= 1;
      if (streamsOpen === 0) deps.onBusyChange?.(false);
      if (room.connections.size === 0) {
        if (room.gapTimer) clearTimeout(room.gapTimer);
        local.delete(connection.sessionId);
      }
    },

    /** The rooms with streams open here. */
    sessionIds(): string[] {
      return [...local.keys()];
    },

    connections(): RoomConnection[] {
      return [...local.values()].flatMap((room) => [...room.connections]);
    },

    /** Ends every stream (shutdown): clients reconnect to another instance with Last-Event-ID. */
    close(): void {
      if (closed) return;
      closed = true;
      subscription.unsubscribe();
      for (const room of local.values()) {
        if (room.gapTimer) clearTimeout(room.gapTimer);
        for (const connection of room.connections) connection.end();
      }
      local.clear();
      if (streamsOpen > 0) deps.onBusyChange?.(false);
      streamsOpen = 0;
    },
  };
}
export type RoomHub = ReturnType<typeof createRoomHub>;
