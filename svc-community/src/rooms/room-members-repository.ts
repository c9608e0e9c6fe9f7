import { isDuplicateKeyError } from '@levelup/service-kit';
import type { CommunityModels } from '../models.ts';
import type { RoomMemberDoc } from './models.ts';

const memberKey = (sessionId: string, userId: string) => `${sessionId}:${userId}`;

/**
 * Whether the member counts as in the room at `at`: not removed before it, within the session's co-focus
 * window (its start to its end plus the grace), and in one of their stretches of presence.
 */
export function presentAt(row: RoomMemberDoc, at: Date): boolean {
  const time = at.getTime();
  return (
    (row.removedAt == null || +new Date(row.removedAt) > time) &&
    +new Date(row.coFocusUntil) >= time &&
    +new Date(row.sessionStart) <= time &&
    (row.attendance ?? []).some(
      ({ from, to }) => +new Date(from) <= time && (to == null || +new Date(to) >= time),
    )
  );
}

/** Rooms' members: their check-in and check-out, removal, and stretches of attendance. */
export function roomMembersRepository(models: Pick<CommunityModels, 'RoomMember'>) {
  const { RoomMember } = models;

  /**
   * attendedAt for several completions in one read: the members' rooms whose co-focus window can
   * hold any of the moments, then each completion's room by the rule (presentAt).
   */
  async function attendedAtEach(
    completions: ReadonlyArray<{ userId: string; at: Date }>,
  ): Promise<Array<RoomMemberDoc | null>> {
    if (completions.length === 0) return [];
    const times = completions.map(({ at }) => at.getTime());
    const rows = await RoomMember.find({
      userId: { $in: [...new Set(completions.map(({ userId }) => userId))] },
      coFocusUntil: { $gte: new Date(Math.min(...times)) },
      sessionStart: { $lte: new Date(Math.max(...times)) },
    }).lean<RoomMemberDoc[]>();
    return completions.map(({ userId, at }) => {
      const rooms = rows.filter((row) => row.userId === userId && presentAt(row, at));
      return rooms.sort((a, b) => +b.sessionStart - +a.sessionStart)[0] ?? null;
    });
  }

  return {
    async ensureMember(row: {
      sessionId: string;
      userId: string;
      sessionStart: Date;
      coFocusUntil: Date;
    }): Promise<void> {
      await RoomMember.updateOne(
        { _id: memberKey(row.sessionId, row.userId) },
        {
          $setOnInsert: {
            ...row,
            firstPresentAt: null,
            attendance: [],
            checkIn: null,
            checkOut: null,
            removedAt: null,
          },
        },
        { upsert: true },
      ).catch((err: unknown) => {
        if (!isDuplicateKeyError(err)) throw err;
      });
    },

    async member(sessionId: string, userId: string): Promise<RoomMemberDoc | null> {
      return RoomMember.findById(memberKey(sessionId, userId)).lean<RoomMemberDoc>();
    },

    async membersOf(sessionId: string): Promise<RoomMemberDoc[]> {
      return RoomMember.find({ sessionId }).lean<RoomMemberDoc[]>();
    },

    /** The first time only: later entries keep the first. */
    async markPresent(sessionId: string, userId: string, at: Date): Promise<void> {
      await RoomMember.updateOne(
        { _id: memberKey(sessionId, userId), firstPresentAt: null },
        { $set: { firstPresentAt: at } },
      );
    },

    /** A stream opened: a stretch of presence starts (ended by endAttendance). */
    async startAttendance(
      sessionId: string,
      userId: string,
      connectionId: string,
      at: Date,
    ): Promise<void> {
      await RoomMember.updateOne(
        { _id: memberKey(sessionId, userId) },
        { $push: { attendance: { connectionId, from: at, to: null } } },
      );
    },

    /**
     * Ends the open stretch of one connection, or of every connection of the member when none is
     * named. The first end stays: a sweep and a close racing each other both leave the earlier write.
     */
    async endAttendance(
      sessionId: string,
      userId: string,
      at: Date,
      connectionId?: string,
    ): Promise<void> {
      await RoomMember.updateOne(
        { _id: memberKey(sessionId, userId) },
        { $set: { 'attendance.$[open].to': at } },
        {
          arrayFilters: [
            connectionId
              ? { 'open.to': null, 'open.connectionId': connectionId }
              : { 'open.to': null },
          ],
        },
      );
    },

    async setCheckIn(
      sessionId: string,
      userId: string,
      checkIn: NonNullable<RoomMemberDoc['checkIn']>,
    ): Promise<RoomMemberDoc | null> {
      return RoomMember.findOneAndUpdate(
        { _id: memberKey(sessionId, userId), removedAt: null },
        { $set: { checkIn } },
        { returnDocument: 'after' },
      ).lean<RoomMemberDoc>();
    },

    async setCheckOut(
      sessionId: string,
      userId: string,
      checkOut: NonNullable<RoomMemberDoc['checkOut']>,
    ): Promise<RoomMemberDoc | null> {
      return RoomMember.findOneAndUpdate(
        { _id: memberKey(sessionId, userId), removedAt: null },
        { $set: { checkOut } },
        { returnDocument: 'after' },
      ).lean<RoomMemberDoc>();
    },

    /** The first removal's time stays (attendedAt compares completions with it). */
    async markRemoved(sessionId: string, userId: string, at: Date): Promise<void> {
      await RoomMember.updateOne(
        { _id: memberKey(sessionId, userId), removedAt: null },
        { $set: { removedAt: at } },
      );
    },

    /**
     * The room the member was present in at `at`, within its co-focus window (the latest such): one of
     * their stretches of presence started at or before `at` and had not ended before it. A stretch's
     * end is written once, at or after the moment it ended, so a completion handled or redelivered
     * after the member left still gets the answer it had while they were there; a member removed after
     * `at` still counts.
     */
    async attendedAt(userId: string, at: Date): Promise<RoomMemberDoc | null> {
      return (await attendedAtEach([{ userId, at }]))[0] ?? null;
    },

    attendedAtEach,
  };
}
