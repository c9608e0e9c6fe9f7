import { isDuplicateKeyError, objectId } from '@levelup/service-kit';
import type { CommunityModels } from '../models.ts';
import type { MeetupDoc } from './models.ts';

export type NewMeetup = Omit<MeetupDoc, '_id' | 'attendeeIds' | 'createdAt' | 'seriesKey'>;

export function meetupsRepository({ Meetup }: Pick<CommunityModels, 'Meetup'>) {
  return {
    /** How many meetups the member created that start after `now`. */
    countCreatedUpcoming(createdBy: string, now: Date): Promise<number> {
      return Meetup.countDocuments({ createdBy, startsAt: { $gt: now } });
    },

    async create(meetup: NewMeetup): Promise<MeetupDoc> {
      const doc = await Meetup.create({ ...meetup, attendeeIds: [] });
      return doc.toObject();
    },

    /**
     * One occurrence of a default weekly series, once: an upsert on the series and start (unique), so
     * restarts and concurrent instances never make a second one and never touch its RSVPs.
     */
    async scheduleOccurrence(seriesKey: string, meetup: NewMeetup): Promise<void> {
      try {
        await Meetup.updateOne(
          { seriesKey, startsAt: meetup.startsAt },
          { $setOnInsert: { ...meetup, seriesKey, attendeeIds: [], createdAt: new Date() } },
          { upsert: true },
        );
      } catch (err) {
        // Another instance inserted the same occurrence between our look and our insert.
        if (!isDuplicateKeyError(err)) throw err;
      }
    },

    async find(id: string): Promise<MeetupDoc | null> {
      const _id = objectId(id);
      return _id ? Meetup.findById(_id).lean<MeetupDoc>() : null;
    },

    async startingAfter(from: Date, limit: number): Promise<MeetupDoc[]> {
      return Meetup.find({ startsAt: { $gte: from } })
        .sort({ startsAt: 1, _id: 1 })
        .limit(limit)
        .lean<MeetupDoc[]>();
    },

    async startedBetween(from: Date, to: Date, limit: number): Promise<MeetupDoc[]> {
      return Meetup.find({ startsAt: { $gte: from, $lt: to } })
        .sort({ startsAt: -1, _id: -1 })
        .limit(limit)
        .lean<MeetupDoc[]>();
    },

    /** $addToSet: a member is counted once however often (or concurrently) they RSVP. */
    async rsvp(id: MeetupDoc['_id'], userId: string): Promise<MeetupDoc | null> {
      return Meetup.findOneAndUpdate(
        { _id: id },
        { $addToSet: { attendeeIds: userId } },
        { returnDocument: 'after' },
      ).lean<MeetupDoc>();
    },

    /** $pull: leaving twice, or concurrently, removes the member once and never goes below none. */
    async cancelRsvp(id: MeetupDoc['_id'], userId: string): Promise<MeetupDoc | null> {
      return Meetup.findOneAndUpdate(
        { _id: id },
        { $pull: { attendeeIds: userId } },
        { returnDocument: 'after' },
      ).lean<MeetupDoc>();
    },

    async setJoinUrl(id: string, joinUrl: string | null): Promise<MeetupDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return Meetup.findOneAndUpdate(
        { _id },
        { $set: { joinUrl } },
        { returnDocument: 'after' },
      ).lean<MeetupDoc>();
    },
  };
}
export type MeetupsRepository = ReturnType<typeof meetupsRepository>;
