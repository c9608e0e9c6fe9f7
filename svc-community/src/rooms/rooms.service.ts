import { randomUUID } from 'node:crypto';
import {
  CO_FOCUS_BONUS_XP,
  CO_FOCUS_GRACE_MINUTES,
  ROOM_HEARTBEAT_MS,
  ROOM_PRESENCE_TIMEOUT_MS,
  ROOM_TIMER_PHASES,
  initials,
  roomTimerOf,
  roomTimerPhase,
  sessionEnd,
  shareCompletionsOf,
  sharedCheckIn,
  sharedCheckOut,
  type CheckInRequest,
  type CheckOutRequest,
  type CoFocusBonusResponse,
  type MutedMember,
  type RoomMember,
  type RoomMemberReport,
  type RoomState,
  type RoomStreamEvent,
  type RoomSummary,
  type SequencedRoomEvent,
  type ShareCompletions,
} from '@levelup/contracts';
import { AppError, forbidden, notFound, type Logger } from '@levelup/service-kit';
import type { MembersRepository } from '../members/repository.ts';
import type { SessionDoc } from '../sessions/models.ts';
import type { SessionsRepository } from '../sessions/repository.ts';
import { toSession } from '../sessions/sessions.service.ts';
import type { RoomMemberDoc } from './models.ts';
import type { RoomsRepository } from './repository.ts';
import type { RoomConnection, RoomHub } from './room-hub.ts';

/** What a sequenced event carries besides its number and time. */
type EventBody = SequencedRoomEvent extends infer E
  ? E extends SequencedRoomEvent
    ? Omit<E, 'seq' | 'at'>
    : never
  : never;

const sessionNotFound = () => notFound('Session not found');

/** The members of a session's room: its host and its participants, never a removed member. */
function memberIdsOf(session: SessionDoc): string[] {
  const removed = new Set(session.removedIds ?? []);
  return [...new Set([session.hostId, ...session.participantIds])].filter((id) => !removed.has(id));
}

function isMember(session: SessionDoc, userId: string): boolean {
  return memberIdsOf(session).includes(userId);
}

function coFocusUntil(session: SessionDoc): Date {
  return new Date(
    sessionEnd(new Date(session.startTime), session.duration).getTime() +
      CO_FOCUS_GRACE_MINUTES * 60_000,
  );
}

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
 * Live rooms: state, check-in and check-out, presence, host removal, report and mute, and the stream.
 * Presence: a stream's connection is present from its opening and kept by the client's pings; a
 * connection not pinged for ROOM_PRESENCE_TIMEOUT_MS is swept by whichever instance sweeps first.
 */
export function roomsService(deps: {
  sessions: SessionsRepository;
  rooms: RoomsRepository;
  members: MembersRepository;
  hub: RoomHub;
  logger: Logger;
  clock?: () => Date;
}) {
  const { sessions, rooms, members, hub, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const presentSince = () => new Date(clock().getTime() - ROOM_PRESENCE_TIMEOUT_MS);
  /** Sessions' timers by id for the rooms open here (the phase check runs every second). */
  const timers = new Map<string, { startTime: Date; duration: number }>();

  async function emit(sessionId: string, body: EventBody, seq?: number): Promise<void> {
    const number = seq ?? (await rooms.nextSeq(sessionId));
    const at = clock();
    const event = { ...body, seq: number, at: at.toISOString() } as SequencedRoomEvent;
    await rooms.saveEvent(sessionId, number, event as unknown as Record<string, unknown>, at);
    hub.publish(sessionId, event);
  }

  /** The session, if the reader is one of its room's members: 404 unknown, 403 anyone else. */
  async function access(userId: string, id: string): Promise<SessionDoc> {
    const session = await sessions.find(id);
    if (!session) throw sessionNotFound();
    if ((session.removedIds ?? []).includes(userId)) {
      throw forbidden('You were removed from this session');
    }
    if (!isMember(session, userId)) throw forbidden('Join this session to enter its room');
    return session;
  }

  async function ensureMember(session: SessionDoc, userId: string): Promise<void> {
    await rooms.ensureMember({
      sessionId: session._id.toString(),
      userId,
      sessionStart: new Date(session.startTime),
      coFocusUntil: coFocusUntil(session),
    });
  }

  function memberView(
    userId: string,
    session: SessionDoc,
    doc: RoomMemberDoc | undefined,
    context: {
      names: Map<string, string>;
      present: Set<string>;
      muted: Set<string>;
      shares: Map<string, ShareCompletions>;
      reader: string;
    },
  ): RoomMember {
    const name = context.names.get(userId) ?? '';
    const muted = context.muted.has(userId);
    // What the member shares of their completions, for everyone but themselves.
    const share = userId === context.reader ? 'on' : shareCompletionsOf(context.shares.get(userId));
    return {
      userId,
      displayName: name,
      initials: initials(name),
      isHost: session.hostId === userId,
      present: context.present.has(userId),
      checkIn:
        doc?.checkIn && !muted
          ? sharedCheckIn(
              {
                line: doc.checkIn.line,
                questId: doc.checkIn.questId ?? null,
                questTitle: doc.checkIn.questTitle ?? null,
                at: new Date(doc.checkIn.at).toISOString(),
              },
              share,
            )
          : null,
      checkOut:
        doc?.checkOut && !muted
          ? sharedCheckOut(
              {
                outcome: doc.checkOut.outcome,
                note: doc.checkOut.note ?? null,
                at: new Date(doc.checkOut.at).toISOString(),
              },
              share,
            )
          : null,
      muted,
      isMe: userId === context.reader,
    };
  }

  async function oneMember(session: SessionDoc, userId: string, reader: string) {
    const sessionId = session._id.toString();
    const [doc, names, muted, present, shares] = await Promise.all([
      rooms.member(sessionId, userId),
      members.namesOf([userId]),
      members.mutedBy(reader),
      rooms.isPresent(sessionId, userId, presentSince()),
      members.sharesOf([userId]),
    ]);
    return memberView(userId, session, doc ?? undefined, {
      names,
      present: new Set(present ? [userId] : []),
      muted: new Set(muted),
      shares,
      reader,
    });
  }

  /** The room as `reader` sees it. The sequence number is read first: the state is at least that new. */
  async function state(session: SessionDoc, reader: string): Promise<RoomState> {
    const sessionId = session._id.toString();
    const seq = await rooms.currentSeq(sessionId);
    const ids = memberIdsOf(session);
    const [docs, names, muted, presence, shares] = await Promise.all([
      rooms.membersOf(sessionId),
      members.namesOf([...ids, session.hostId]),
      members.mutedBy(reader),
      rooms.presentIn([sessionId], presentSince()),
      members.sharesOf(ids),
    ]);
    const byUser = new Map(docs.map((doc) => [doc.userId, doc]));
    const context = {
      names,
      present: new Set(presence.map((row) => row.userId)),
      muted: new Set(muted),
      shares,
      reader,
    };
    const now = clock();
    return {
      sessionId,
      session: toSession(session, names.get(session.hostId) ?? '', reader, now),
      timer: roomTimerOf(new Date(session.startTime), session.duration),
      serverTime: now.toISOString(),
      seq,
      members: ids.map((id) => memberView(id, session, byUser.get(id), context)),
    };
  }

  async function mutedList(userId: string): Promise<MutedMember[]> {
    const muted = await members.mutedBy(userId);
    const names = await members.namesOf(muted);
    return muted.map((id) => ({ userId: id, displayName: names.get(id) ?? null }));
  }

  function phaseIndexOf(session: { startTime: Date; duration: number }, now: Date): number {
    const timer = roomTimerOf(new Date(session.startTime), session.duration);
    return ROOM_TIMER_PHASES.indexOf(roomTimerPhase(timer, now.getTime()).phase);
  }

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
    getRoom: async (userId: string, id: string) => state(await access(userId, id), userId),

    /** The bonus one of the member's completions earned; another member's reads as none. */
    async coFocusBonus(userId: string, completionEventId: string): Promise<CoFocusBonusResponse> {
      const award = await rooms.award(completionEventId);
      return { completionEventId, xp: award?.userId === userId ? CO_FOCUS_BONUS_XP : 0 };
    },

    async checkIn(userId: string, id: string, input: CheckInRequest): Promise<RoomMember> {
      const session = await access(userId, id);
      const sessionId = session._id.toString();
      await ensureMember(session, userId);
      const checkIn = {
        line: input.line,
        questId: input.questId ?? null,
        questTitle: input.questId ? (input.questTitle?.trim() ?? null) || null : null,
        at: clock(),
      };
      await rooms.setCheckIn(sessionId, userId, checkIn);
      await emit(sessionId, {
        type: 'checked_in',
        userId,
        checkIn: { ...checkIn, at: checkIn.at.toISOString() },
        share: await members.shareOf(userId),
      });
      return oneMember(session, userId, userId);
    },

    async checkOut(userId: string, id: string, input: CheckOutRequest): Promise<RoomMember> {
      const session = await access(userId, id);
      const sessionId = session._id.toString();
      if (clock() < new Date(session.startTime)) {
        throw new AppError('CONFLICT', 'This session has not started yet', 409);
      }
      await ensureMember(session, userId);
      const checkOut = { outcome: input.outcome, note: input.note?.trim() || null, at: clock() };
      await rooms.setCheckOut(sessionId, userId, checkOut);
      await emit(sessionId, {
        type: 'checked_out',
        userId,
        checkOut: { ...checkOut, at: checkOut.at.toISOString() },
        share: await members.shareOf(userId),
      });
      return oneMember(session, userId, userId);
    },

    /** The host removes a member: out of the session for good, their streams end. */
    async removeMember(hostId: string, id: string, userId: string): Promise<RoomState> {
      const session = await sessions.find(id);
      if (!session) throw sessionNotFound();
      if (session.hostId !== hostId) throw forbidden('Only the host can remove a member');
      if (userId === hostId) {
        throw new AppError('BAD_REQUEST', 'The host cannot remove themselves', 400);
      }
      if (!session.participantIds.includes(userId)) {
        if ((session.removedIds ?? []).includes(userId)) return state(session, hostId);
        throw notFound('This member is not in the session');
      }
      const sessionId = session._id.toString();
      const updated = await sessions.removeMember(session._id, userId);
      await rooms.markRemoved(sessionId, userId, clock());
      await rooms.endAttendance(sessionId, userId, clock());
      await rooms.removeUserPresence(sessionId, userId);
      await emit(sessionId, { type: 'member_removed', userId });
      return state(updated ?? session, hostId);
    },

    async reportMember(
      reporterId: string,
      id: string,
      userId: string,
      reason: string | null,
    ): Promise<RoomMemberReport> {
      const session = await access(reporterId, id);
      if (userId === reporterId) {
        throw new AppError('BAD_REQUEST', 'You cannot report yourself', 400);
      }
      if (!isMember(session, userId) && !(session.removedIds ?? []).includes(userId)) {
        throw notFound('This member is not in the session');
      }
      const sessionId = session._id.toString();
      const member = await rooms.member(sessionId, userId);
      const report = await rooms.report(
        {
          sessionId,
          userId,
          reporterId,
          reason: reason || null,
          line: member?.checkIn?.line ?? null,
        },
        clock(),
      );
      return {
        id: report._id,
        sessionId,
        userId,
        reason: report.reason ?? null,
        createdAt: new Date(report.createdAt).toISOString(),
      };
    },

    /** Mutes as on posts (one mute list): the member's lines are hidden from the muter. */
    async muteMember(userId: string, id: string, mutedUserId: string): Promise<MutedMember[]> {
      const session = await access(userId, id);
      if (mutedUserId === userId)
        throw new AppError('BAD_REQUEST', 'You cannot mute yourself', 400);
      if (!isMember(session, mutedUserId) && !(session.removedIds ?? []).includes(mutedUserId)) {
        throw notFound('This member is not in the session');
      }
      await members.mute(userId, mutedUserId);
      return mutedList(userId);
    },

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
      timers.set(sessionId, { startTime: new Date(session.startTime), duration: session.duration });

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

    /** Announces each open room's timer phase once, when it changes (focus, break, over). */
    async announcePhases(): Promise<void> {
      const now = clock();
      for (const sessionId of hub.sessionIds()) {
        const timer = timers.get(sessionId);
        if (!timer) continue;
        const index = phaseIndexOf(timer, now);
        const seq = await rooms.advancePhase(sessionId, index);
        if (seq === null) continue;
        await emit(
          sessionId,
          {
            type: 'timer',
            phase: ROOM_TIMER_PHASES[index]!,
            timer: roomTimerOf(timer.startTime, timer.duration),
            serverTime: now.toISOString(),
          },
          seq,
        );
      }
      for (const sessionId of timers.keys()) {
        if (!hub.sessionIds().includes(sessionId)) timers.delete(sessionId);
      }
    },

    /** A member joined the session (join, quick match). */
    async memberJoined(session: SessionDoc, userId: string): Promise<void> {
      await ensureMember(session, userId);
      const member = await oneMember(session, userId, userId);
      await emit(session._id.toString(), {
        type: 'member_joined',
        member: { ...member, isMe: false, muted: false },
      });
    },

    async memberLeft(session: SessionDoc, userId: string): Promise<void> {
      const sessionId = session._id.toString();
      await rooms.endAttendance(sessionId, userId, clock());
      await rooms.removeUserPresence(sessionId, userId);
      await emit(sessionId, { type: 'member_left', userId });
    },

    /** The host cancelled: the timer is over and every stream ends. */
    async cancelled(session: SessionDoc): Promise<void> {
      const sessionId = session._id.toString();
      const now = clock();
      const seq = (await rooms.advancePhase(sessionId, ROOM_TIMER_PHASES.length)) ?? undefined;
      await emit(
        sessionId,
        {
          type: 'timer',
          phase: 'over',
          timer: roomTimerOf(new Date(session.startTime), session.duration),
          serverTime: now.toISOString(),
          cancelled: true,
        },
        seq,
      );
    },

    /** Who is in each live session's room and the seconds left, for the sessions list. */
    async summaries(docs: SessionDoc[], now: Date): Promise<Map<string, RoomSummary>> {
      const ids = docs.map((doc) => doc._id.toString());
      const presence = await rooms.presentIn(ids, presentSince());
      const names = await members.namesOf(presence.map((row) => row.userId));
      const bySession = new Map<string, Set<string>>();
      for (const row of presence) {
        const set = bySession.get(row.sessionId) ?? new Set<string>();
        set.add(row.userId);
        bySession.set(row.sessionId, set);
      }
      return new Map(
        docs.map((doc) => {
          const id = doc._id.toString();
          const end = sessionEnd(new Date(doc.startTime), doc.duration).getTime();
          const present = [...(bySession.get(id) ?? [])]
            .filter((userId) => isMember(doc, userId))
            .map((userId) => {
              const displayName = names.get(userId) ?? '';
              return { userId, displayName, initials: initials(displayName) };
            });
          return [
            id,
            { present, secondsLeft: Math.max(0, Math.ceil((end - now.getTime()) / 1000)) },
          ];
        }),
      );
    },
  };
}
export type RoomsService = ReturnType<typeof roomsService>;
