import type { CommunityModels } from '../models.ts';
import type { PresenceDoc } from './models.ts';

/** Rooms' presence: one document per open stream, kept by its pings. */
export function presenceRepository(models: Pick<CommunityModels, 'Presence'>) {
  const { Presence } = models;
  return {
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
  };
}
