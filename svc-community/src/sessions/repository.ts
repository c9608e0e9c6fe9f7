import { SESSION_LIMITS, sessionEnd, type EventEnvelope } from '@levelup/contracts';
import { isDuplicateKeyError, objectId, outboxEntry } from '@levelup/service-kit';
import type { CommunityModels } from '../models.ts';
import type { SessionDoc } from './models.ts';

export type NewSession = Pick<
  SessionDoc,
  'hostId' | 'title' | 'description' | 'startTime' | 'duration' | 'maxParticipants' | 'category'
>;

export function sessionsRepository({ Session }: Pick<CommunityModels, 'Session'>) {
  return {
    /** How many sessions the member hosts that are upcoming or live at `now` (not cancelled). */
    async countHostedUpcoming(hostId: string, now: Date): Promise<number> {
      // A session lasts at most SESSION_LIMITS.maxDuration: older starts are over, the index skips them.
      const since = new Date(now.getTime() - SESSION_LIMITS.maxDuration * 60_000);
      const docs = await Session.find(
        { hostId, startTime: { $gt: since }, cancelledAt: null },
        { startTime: 1, duration: 1 },
      ).lean<Pick<SessionDoc, 'startTime' | 'duration'>[]>();
      return docs.filter((doc) => sessionEnd(doc.startTime, doc.duration) > now).length;
    },

    async create(session: NewSession): Promise<SessionDoc> {
      const doc = await Session.create({
        ...session,
        participantIds: [],
        reminderIds: [],
        removedIds: [],
      });
      return doc.toObject();
    },

    /**
     * Start now's session for one focus length and minute: concurrent quick matches that found nothing
     * open create one session, not one each (the key is unique).
     */
    async createQuickMatch(session: NewSession, key: string): Promise<SessionDoc> {
      const filter = { quickMatchKey: key };
      const insert = {
        $setOnInsert: {
          ...session,
          quickMatchKey: key,
          participantIds: [],
          reminderIds: [],
          removedIds: [],
          cancelledAt: null,
        },
      };
      try {
        return (await Session.findOneAndUpdate(filter, insert, {
          upsert: true,
          returnDocument: 'after',
        }).lean<SessionDoc>())!;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        return (await Session.findOne(filter).lean<SessionDoc>())!;
      }
    },

    /** Live sessions (started, not over, not cancelled), the fullest first. */
    async listLive(now: Date): Promise<SessionDoc[]> {
      const docs = await Session.find({
        cancelledAt: null,
        startTime: { $lte: now, $gte: new Date(now.getTime() - 8 * 3_600_000) },
      })
        .limit(500)
        .lean<SessionDoc[]>();
      return docs;
    },

    /** Takes the member out for good: out of the participants, into the removed. */
    async removeMember(id: SessionDoc['_id'], userId: string): Promise<SessionDoc | null> {
      return Session.findOneAndUpdate(
        { _id: id },
        { $pull: { participantIds: userId }, $addToSet: { removedIds: userId } },
        { returnDocument: 'after' },
      ).lean<SessionDoc>();
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
          removedIds: { $ne: userId },
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

    /** Remind Me on or off, with its reminder event in the same write. */
    async setReminder(
      id: SessionDoc['_id'],
      userId: string,
      on: boolean,
      event: EventEnvelope,
    ): Promise<SessionDoc | null> {
      const outbox = { outbox: outboxEntry(event) };
      return Session.findOneAndUpdate(
        { _id: id },
        on
          ? { $addToSet: { reminderIds: userId }, $push: outbox }
          : { $pull: { reminderIds: userId }, $push: outbox },
        { returnDocument: 'after' },
      ).lean<SessionDoc>();
    },

    /** Cancels the session; `events` (its members' reminders cancelled) go out with it. */
    async cancel(
      id: SessionDoc['_id'],
      at: Date,
      events: EventEnvelope[] = [],
    ): Promise<SessionDoc | null> {
      return Session.findOneAndUpdate(
        { _id: id, cancelledAt: null },
        {
          $set: { cancelledAt: at },
          ...(events.length
            ? { $push: { outbox: { $each: events.map((event) => outboxEntry(event)) } } }
            : {}),
        },
        { returnDocument: 'after' },
      ).lean<SessionDoc>();
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
