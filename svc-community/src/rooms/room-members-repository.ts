import { isDuplicateKeyError } from '@levelup/service-kit';
import type { CommunityModels } from '../models.ts';
import type { RoomMemberDoc } from './models.ts';

const memberKey = (sessionId: string, userId: string) => `${sessionId}:${userId}`;

/** Rooms' members: their check-in and check-out, removal, and stretches of attendance. */
export function roomMembersRepository(models: Pick<CommunityModels, 'RoomMember'>) {
  const { RoomMember } = models;
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
      return RoomMember.findOne({
        userId,
        $or: [{ removedAt: null }, { removedAt: { $gt: at } }],
        coFocusUntil: { $gte: at },
        sessionStart: { $lte: at },
        attendance: {
          $elemMatch: { from: { $lte: at }, $or: [{ to: null }, { to: { $gte: at } }] },
        },
      })
        .sort({ sessionStart: -1 })
        .lean<RoomMemberDoc>();
    },
  };
}
