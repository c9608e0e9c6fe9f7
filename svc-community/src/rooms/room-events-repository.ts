import { isDuplicateKeyError } from '@levelup/service-kit';
import type { CommunityModels } from '../models.ts';
import type { RoomEventDoc } from './models.ts';

/** Rooms' sequenced events and the counter that numbers them (with the announced timer phase). */
export function roomEventsRepository(models: Pick<CommunityModels, 'RoomEvent' | 'RoomCounter'>) {
  const { RoomEvent, RoomCounter } = models;
  return {
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
  };
}
