import type {
  CheckInRequest,
  CheckOutRequest,
  MutedMember,
  RoomMember,
  RoomMemberReport,
  RoomState,
} from '@levelup/contracts';
import { AppError, forbidden, notFound } from '@levelup/service-kit';
import type { SessionDoc } from '../sessions/models.ts';
import type { RoomContext } from './room-context.ts';
import { isMember, sessionNotFound, type RoomReadModel } from './room-read-model.ts';

/**
 * What members do in a room and what is done to them: check-in and check-out, the host's removal,
 * report and mute, and the room hearing that a member joined or left the session.
 */
export function roomMemberActions(ctx: RoomContext, read: RoomReadModel) {
  const { sessions, rooms, members, clock, emit } = ctx;
  const { access, ensureMember, oneMember, state, mutedList } = read;

  return {
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
  };
}
