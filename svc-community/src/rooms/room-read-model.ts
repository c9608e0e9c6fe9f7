import {
  CO_FOCUS_BONUS_XP,
  CO_FOCUS_GRACE_MINUTES,
  initials,
  roomTimerOf,
  sessionEnd,
  shareCompletionsOf,
  sharedCheckIn,
  sharedCheckOut,
  type CoFocusBonusResponse,
  type MutedMember,
  type RoomMember,
  type RoomState,
  type RoomSummary,
  type ShareCompletions,
} from '@levelup/contracts';
import { forbidden, notFound } from '@levelup/service-kit';
import type { SessionDoc } from '../sessions/models.ts';
import { toSession } from '../sessions/sessions.service.ts';
import type { RoomMemberDoc } from './models.ts';
import type { RoomContext } from './room-context.ts';

export const sessionNotFound = () => notFound('Session not found');

/** The members of a session's room: its host and its participants, never a removed member. */
export function memberIdsOf(session: SessionDoc): string[] {
  const removed = new Set(session.removedIds ?? []);
  return [...new Set([session.hostId, ...session.participantIds])].filter((id) => !removed.has(id));
}

export function isMember(session: SessionDoc, userId: string): boolean {
  return memberIdsOf(session).includes(userId);
}

function coFocusUntil(session: SessionDoc): Date {
  return new Date(
    sessionEnd(new Date(session.startTime), session.duration).getTime() +
      CO_FOCUS_GRACE_MINUTES * 60_000,
  );
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

/** The rooms' read side: who may enter, the room as one member sees it, mutes, summaries, bonuses. */
export function roomReadModel(ctx: RoomContext) {
  const { sessions, rooms, members, clock, presentSince } = ctx;

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

  return {
    access,
    ensureMember,
    oneMember,
    state,
    mutedList,

    /** The bonus one of the member's completions earned; another member's reads as none. */
    async coFocusBonus(userId: string, completionEventId: string): Promise<CoFocusBonusResponse> {
      const award = await rooms.award(completionEventId);
      return { completionEventId, xp: award?.userId === userId ? CO_FOCUS_BONUS_XP : 0 };
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
export type RoomReadModel = ReturnType<typeof roomReadModel>;
