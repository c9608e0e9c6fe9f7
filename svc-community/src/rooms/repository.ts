import { isDuplicateKeyError } from '@levelup/service-kit';
import type { CommunityModels } from '../models.ts';
import type {
  CoFocusAwardDoc,
  PresenceDoc,
  RoomEventDoc,
  RoomMemberDoc,
  RoomReportDoc,
} from './models.ts';

const memberKey = (sessionId: string, userId: string) => `${sessionId}:${userId}`;

/** Rooms' members, presence, sequenced events and counters. */
export function roomsRepository(
  models: Pick<
    CommunityModels,
    'RoomMember' | 'Presence' | 'RoomEvent' | 'RoomCounter' | 'CoFocusAward' | 'RoomReport'
  >,
) {
  const { RoomMember, Presence, RoomEvent, RoomCounter, CoFocusAward, RoomReport } = models;
  return {
    // ---- members
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

    // ---- presence
    async addPresence(row: PresenceDoc): Promise<void> {
      await Presence.create(row);
    },

    /** The client's ping: false when the connection is no longer known (swept or closed). */
    async touchPresence(
      connectionId: string,
      sessionId: string,
      userId: string,
      at: Date,
    ): Promise<boolean> {
      const result = await Presence.updateOne(
        { _id: connectionId, sessionId, userId },
        { $set: { lastSeen: at } },
      );
      return result.matchedCount === 1;
    },

    /** True when this call removed it (a sweep and a close race: one of them does). */
    async removePresence(connectionId: string, olderThan?: Date): Promise<boolean> {
      const result = await Presence.deleteOne(
        olderThan ? { _id: connectionId, lastSeen: { $lt: olderThan } } : { _id: connectionId },
      );
      return result.deletedCount === 1;
    },

    async removeUserPresence(sessionId: string, userId: string): Promise<void> {
      await Presence.deleteMany({ sessionId, userId });
    },

    async isPresent(sessionId: string, userId: string, since: Date): Promise<boolean> {
      return (await Presence.exists({ sessionId, userId, lastSeen: { $gte: since } })) !== null;
    },

    async presentIn(sessionIds: string[], since: Date): Promise<PresenceDoc[]> {
      if (sessionIds.length === 0) return [];
      return Presence.find({
        sessionId: { $in: sessionIds },
        lastSeen: { $gte: since },
      }).lean<PresenceDoc[]>();
    },

    async stalePresence(olderThan: Date, limit = 500): Promise<PresenceDoc[]> {
      return Presence.find({ lastSeen: { $lt: olderThan } })
        .limit(limit)
        .lean<PresenceDoc[]>();
    },

    /** Which of these connection ids still have a presence document. */
    async knownConnections(connectionIds: string[]): Promise<Set<string>> {
      if (connectionIds.length === 0) return new Set();
      const rows = await Presence.find({ _id: { $in: connectionIds } })
        .select({ _id: 1 })
        .lean<Array<{ _id: string }>>();
      return new Set(rows.map((row) => row._id));
    },

    // ---- sequence and events
    /** The room's counter, created with the current phase when the room is first used. */
    async ensureCounter(sessionId: string, phaseIndex: number): Promise<number> {
      const doc = await RoomCounter.findOneAndUpdate(
        { _id: sessionId },
        { $setOnInsert: { seq: 0, phaseIndex } },
        { upsert: true, returnDocument: 'after' },
      )
        .lean()
        .catch(async (err: unknown) => {
          if (!isDuplicateKeyError(err)) throw err;
          return RoomCounter.findById(sessionId).lean();
        });
      return doc?.seq ?? 0;
    },

    async currentSeq(sessionId: string): Promise<number> {
      const doc = await RoomCounter.findById(sessionId).lean();
      return doc?.seq ?? 0;
    },

    /** The next sequence number of the room: one atomic increment, the same order for every instance. */
    async nextSeq(sessionId: string): Promise<number> {
      const doc = await RoomCounter.findOneAndUpdate(
        { _id: sessionId },
        { $inc: { seq: 1 }, $setOnInsert: { phaseIndex: 0 } },
        { upsert: true, returnDocument: 'after' },
      ).lean();
      return doc!.seq;
    },

    /** Moves the announced phase forward and takes a sequence number in one update; null if already there. */
    async advancePhase(sessionId: string, phaseIndex: number): Promise<number | null> {
      const doc = await RoomCounter.findOneAndUpdate(
        { _id: sessionId, phaseIndex: { $lt: phaseIndex } },
        { $inc: { seq: 1 }, $set: { phaseIndex } },
        { returnDocument: 'after' },
      ).lean();
      return doc?.seq ?? null;
    },

    async saveEvent(sessionId: string, seq: number, event: Record<string, unknown>, at: Date) {
      await RoomEvent.create({ _id: `${sessionId}:${seq}`, sessionId, seq, event, at });
    },

    async eventsAfter(
      sessionId: string,
      afterSeq: number,
      upToSeq: number,
    ): Promise<RoomEventDoc[]> {
      return RoomEvent.find({ sessionId, seq: { $gt: afterSeq, $lte: upToSeq } })
        .sort({ seq: 1 })
        .lean<RoomEventDoc[]>();
    },

    // ---- reports
    /** One report per reporter, member and session; reporting again keeps the first. */
    async report(row: Omit<RoomReportDoc, '_id' | 'createdAt'>, at: Date): Promise<RoomReportDoc> {
      const _id = `${row.sessionId}:${row.reporterId}:${row.userId}`;
      await RoomReport.updateOne(
        { _id },
        { $setOnInsert: { ...row, createdAt: at } },
        { upsert: true },
      ).catch((err: unknown) => {
        if (!isDuplicateKeyError(err)) throw err;
      });
      return (await RoomReport.findById(_id).lean<RoomReportDoc>())!;
    },

    // ---- co-focus
    /** Records the award once; false when this completion already has one. */
    async recordAward(row: CoFocusAwardDoc): Promise<boolean> {
      try {
        await CoFocusAward.create(row);
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },

    async award(completionEventId: string): Promise<CoFocusAwardDoc | null> {
      return CoFocusAward.findById(completionEventId).lean<CoFocusAwardDoc>();
    },

    /**
     * The award a revoke takes back: the one this revoke already took (a redelivery), else the latest
     * not taken back for the quest, now marked as taken by this revoke.
     */
    async takeBack(userId: string, questId: string, revokeEventId: string) {
      const already = await CoFocusAward.findOne({
        revokedByEventId: revokeEventId,
      }).lean<CoFocusAwardDoc>();
      if (already) return already;
      return CoFocusAward.findOneAndUpdate(
        { userId, questId, revokedByEventId: null },
        { $set: { revokedByEventId: revokeEventId } },
        { sort: { awardedAt: -1 }, returnDocument: 'after' },
      ).lean<CoFocusAwardDoc>();
    },
  };
}
export type RoomsRepository = ReturnType<typeof roomsRepository>;
