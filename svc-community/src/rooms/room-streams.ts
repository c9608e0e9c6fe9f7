import { randomUUID } from 'node:crypto';
import {
  ROOM_HEARTBEAT_MS,
  ROOM_PRESENCE_TIMEOUT_MS,
  shareCompletionsOf,
  sharedCheckIn,
  sharedCheckOut,
  type RoomStreamEvent,
  type SequencedRoomEvent,
} from '@levelup/contracts';
import { AppError } from '@levelup/service-kit';
import type { RoomContext } from './room-context.ts';
import type { RoomConnection } from './room-hub.ts';
import type { RoomReadModel } from './room-read-model.ts';
import { phaseIndexOf, type RoomTimers } from './room-timers.ts';

/**
 * A room event as one reader's stream carries it: another member's check-in and check-out only as far
 * as that member shares their completions; the sharing choice itself is never sent.
 */
export function asSeenBy(event: RoomStreamEvent, reader: string): RoomStreamEvent {
  if (event.type !== 'checked_in' && event.type !== 'checked_out') return event;
  const { share: stored, ...rest } = event;
  const share = event.userId === reader ? 'on' : shareCompletionsOf(stored);
  if (rest.type === 'checked_in') return { ...rest, checkIn: sharedCheckIn(rest.checkIn, share) };
  return { ...rest, checkOut: rest.checkOut && sharedCheckOut(rest.checkOut, share) };
}

/**
 * The rooms' streams and presence. A stream's connection is present from its opening and kept by the
 * client's pings; a connection not pinged for ROOM_PRESENCE_TIMEOUT_MS is swept by whichever instance
 * sweeps first.
 */
export function roomStreams(ctx: RoomContext, read: RoomReadModel, timers: RoomTimers) {
  const { sessions, rooms, hub, logger, clock, presentSince, emit } = ctx;
  const { access, ensureMember, state } = read;

  /**
   * A connection's presence ends (its stretch of attendance with it: now when the stream closed, its
   * last ping plus the timeout when swept); if it was the member's last, the room hears they left.
   */
  async function leaveRoom(
    connectionId: string,
    sessionId: string,
    userId: string,
    reason: 'left' | 'timeout',
    swept?: { olderThan: Date; lastSeen: Date },
  ): Promise<void> {
    // A closed stream ends its stretch before its presence goes, so nothing reads it as present after
    // it left; a sweep only once it won the removal (a ping may have saved the connection meanwhile).
    // Either way the earlier end stays.
    if (!swept) await rooms.endAttendance(sessionId, userId, clock(), connectionId);
    const removed = await rooms.removePresence(connectionId, swept?.olderThan);
    if (!removed) return;
    if (swept) {
      const endedAt = new Date(new Date(swept.lastSeen).getTime() + ROOM_PRESENCE_TIMEOUT_MS);
      await rooms.endAttendance(sessionId, userId, endedAt, connectionId);
    }
    if (await rooms.isPresent(sessionId, userId, presentSince())) return;
    await emit(sessionId, { type: 'presence_left', userId, reason });
  }

  return {
    /** Keeps a stream's member present; 404 when the connection is gone (the client reconnects). */
    async ping(userId: string, id: string, connectionId: string): Promise<void> {
      const session = await access(userId, id);
      const known = await rooms.touchPresence(
        connectionId,
        session._id.toString(),
        userId,
        clock(),
      );
      if (!known) throw new AppError('NOT_FOUND', 'This room connection has ended: reconnect', 404);
    },

    /**
     * Opens a stream for a member: present at once, then the hello, then either the events missed since
     * Last-Event-ID (when all are still kept) or a snapshot, then live events in order.
     */
    async openStream(
      userId: string,
      id: string,
      lastEventId: number | null,
      sink: {
        write(event: RoomStreamEvent, seq?: number): void;
        end(): void;
        onClose(listener: () => void): void;
      },
    ): Promise<void> {
      const session = await access(userId, id);
      const sessionId = session._id.toString();
      const now = clock();
      await ensureMember(session, userId);
      await rooms.ensureCounter(sessionId, phaseIndexOf(session, now));
      timers.watch(session);

      const connectionId = randomUUID();
      let open = true;
      const connection: RoomConnection = {
        id: connectionId,
        userId,
        sessionId,
        lastSent: 0,
        pending: [],
        write: (event) => {
          if (open) sink.write(asSeenBy(event, userId), 'seq' in event ? event.seq : undefined);
        },
        end: (reason) => {
          if (!open) return;
          if (reason) sink.write({ type: 'ended', reason });
          open = false;
          sink.end();
        },
      };
      const wasPresent = await rooms.isPresent(sessionId, userId, presentSince());
      await rooms.addPresence({ _id: connectionId, sessionId, userId, lastSeen: now });
      await rooms.markPresent(sessionId, userId, now);
      await rooms.startAttendance(sessionId, userId, connectionId, now);
      await hub.attach(connection);
      sink.onClose(() => {
        open = false;
        hub.detach(connection);
        void leaveRoom(connectionId, sessionId, userId, 'left').catch((error: unknown) =>
          logger.warn('room leave failed', { sessionId, error: String(error) }),
        );
      });
      sink.write({
        type: 'hello',
        connectionId,
        serverTime: clock().toISOString(),
        heartbeatMs: ROOM_HEARTBEAT_MS,
      });
      if (!wasPresent) await emit(sessionId, { type: 'presence_joined', userId });

      let caughtUp = false;
      if (lastEventId !== null) {
        const current = await rooms.currentSeq(sessionId);
        if (lastEventId <= current) {
          const missed = await rooms.eventsAfter(sessionId, lastEventId, current);
          if (missed.length === current - lastEventId) {
            for (const doc of missed) {
              connection.lastSent = doc.seq;
              connection.write(doc.event as unknown as SequencedRoomEvent);
            }
            connection.lastSent = current;
            caughtUp = true;
          }
        }
      }
      if (!caughtUp) {
        const snapshot = await state((await sessions.find(id)) ?? session, userId);
        connection.lastSent = snapshot.seq;
        // With its number as the SSE id: a reconnect right after it resumes from there.
        sink.write({ type: 'snapshot', room: snapshot }, snapshot.seq);
      }
      hub.caughtUp(connection);
    },

    /** Every ROOM_HEARTBEAT_MS: heartbeats, and streams whose presence was swept end (they reconnect). */
    async heartbeat(): Promise<void> {
      const connections = hub.connections().filter((connection) => !connection.pending);
      const serverTime = clock().toISOString();
      for (const connection of connections) connection.write({ type: 'heartbeat', serverTime });
      const known = await rooms.knownConnections(connections.map((connection) => connection.id));
      for (const connection of connections) {
        if (!known.has(connection.id)) connection.end();
      }
    },

    /** Removes presence not pinged within the timeout; the room hears the member left (timeout). */
    async sweep(): Promise<void> {
      const cutoff = presentSince();
      for (const row of await rooms.stalePresence(cutoff)) {
        await leaveRoom(row._id, row.sessionId, row.userId, 'timeout', {
          olderThan: cutoff,
          lastSeen: row.lastSeen,
        });
      }
    },
  };
}
