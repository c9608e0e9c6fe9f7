import { objectId } from '@levelup/service-kit';
import type { CommunityModels } from '../models.ts';
import type { SessionDoc } from './models.ts';

export type NewSession = Pick<
  SessionDoc,
  'hostId' | 'title' | 'description' | 'startTime' | 'duration' | 'maxParticipants' | 'category'
>;

export function sessionsRepository({ Session }: Pick<CommunityModels, 'Session'>) {
  return {
    async create(session: NewSession): Promise<SessionDoc> {
      const doc = await Session.create({ ...session, participantIds: [], reminderIds: [] });
      return doc.toObject();
    },

    async find(id: string): Promise<SessionDoc | null> {
      const _id = objectId(id);
      return _id ? Session.findById(_id).lean<SessionDoc>() : null;
    },

    /** Sessions not cancelled that start before `until`, soonest first (the caller drops finished ones). */
    async listStartingBefore(until: Date): Promise<SessionDoc[]> {
      return Session.find({ cancelledAt: null, startTime: { $lt: until } })
        .sort({ startTime: 1, _id: 1 })
        .limit(500)
        .lean<SessionDoc[]>();
    },

    /**
     * Adds the member in one guarded update: not cancelled, not already in, and the array has no element
     * at index maxParticipants - 1 (fewer than max joined). Concurrent joins past the limit find the guard
     * false; null then means "not added" and the caller reads why.
     */
    async join(session: SessionDoc, userId: string): Promise<SessionDoc | null> {
      return Session.findOneAndUpdate(
        {
          _id: session._id,
          cancelledAt: null,
          participantIds: { $ne: userId },
          [`participantIds.${session.maxParticipants - 1}`]: { $exists: false },
        },
        { $push: { participantIds: userId } },
        { returnDocument: 'after' },
      ).lean<SessionDoc>();
    },

    async leave(id: SessionDoc['_id'], userId: string): Promise<SessionDoc | null> {
      return Session.findOneAndUpdate(
        { _id: id },
        { $pull: { participantIds: userId } },
        { returnDocument: 'after' },
      ).lean<SessionDoc>();
    },

    async setReminder(
      id: SessionDoc['_id'],
      userId: string,
      on: boolean,
    ): Promise<SessionDoc | null> {
      return Session.findOneAndUpdate(
        { _id: id },
        on ? { $addToSet: { reminderIds: userId } } : { $pull: { reminderIds: userId } },
        { returnDocument: 'after' },
      ).lean<SessionDoc>();
    },

    async cancel(id: SessionDoc['_id'], at: Date): Promise<SessionDoc | null> {
      return Session.findOneAndUpdate(
        { _id: id, cancelledAt: null },
        { $set: { cancelledAt: at } },
        { returnDocument: 'after' },
      ).lean<SessionDoc>();
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
