import { isDuplicateKeyError } from '@levelup/service-kit';
import type { CommunityModels } from '../models.ts';
import type { CoFocusAwardDoc, RoomReportDoc } from './models.ts';

/** Reports of room members. */
export function roomReportsRepository(models: Pick<CommunityModels, 'RoomReport'>) {
  const { RoomReport } = models;
  return {
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
  };
}

/** Co-focus bonus awards, one per completion, and their take-back by a revoke. */
export function coFocusAwardsRepository(models: Pick<CommunityModels, 'CoFocusAward'>) {
  const { CoFocusAward } = models;
  /** The latest award of the quest not taken back, now marked as taken by this revoke (or null). */
  const takeLatest = (userId: string, questId: string, revokeEventId: string) =>
    CoFocusAward.findOneAndUpdate(
      { userId, questId, revokedByEventId: null },
      { $set: { revokedByEventId: revokeEventId } },
      { sort: { awardedAt: -1 }, returnDocument: 'after' },
    ).lean<CoFocusAwardDoc>();
  return {
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

    takeLatest,

    /**
     * In one read, what a batch's revokes may take back: the awards some of them already took (each
     * revoke's own, on a second delivery) and the awards of their quests not taken back yet.
     */
    async awardsForRevokes(
      revokes: readonly { userId: string; questId: string; revokeEventId: string }[],
    ): Promise<CoFocusAwardDoc[]> {
      if (revokes.length === 0) return [];
      const distinct = (values: string[]) => [...new Set(values)];
      return CoFocusAward.find({
        $or: [
          { revokedByEventId: { $in: revokes.map((r) => r.revokeEventId) } },
          {
            userId: { $in: distinct(revokes.map((r) => r.userId)) },
            questId: { $in: distinct(revokes.map((r) => r.questId)) },
            revokedByEventId: null,
          },
        ],
      }).lean<CoFocusAwardDoc[]>();
    },
  };
}
