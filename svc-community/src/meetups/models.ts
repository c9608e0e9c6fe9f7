import { Schema, type Types } from 'mongoose';
import type { MeetupPlatform, MeetupType } from '@levelup/contracts';

/** A weekly meetup, its attendees the RSVPs. */
export interface MeetupDoc {
  _id: Types.ObjectId;
  title: string;
  theme: string;
  description: string;
  startsAt: Date;
  platform: MeetupPlatform;
  type: MeetupType;
  recordingUrl: string | null;
  /** Where members meet; shown only to those who joined. Absent on meetups stored before it existed. */
  joinUrl?: string | null;
  /** The organiser's IANA zone; absent (US Eastern) on meetups stored before it existed. */
  timeZone?: string;
  attendeeIds: string[];
  createdBy: string;
  createdAt: Date;
  /** A default weekly meetup's series (DEFAULT_MEETUPS key); absent on meetups an admin scheduled. */
  seriesKey?: string;
}

export const meetupSchema = new Schema<MeetupDoc>(
  {
    title: { type: String, required: true },
    theme: { type: String, required: true },
    description: { type: String, default: '' },
    startsAt: { type: Date, required: true },
    platform: { type: String, required: true },
    type: { type: String, required: true },
    recordingUrl: { type: String, default: null },
    joinUrl: { type: String, default: null },
    timeZone: { type: String },
    attendeeIds: { type: [String], default: [] },
    createdBy: { type: String, required: true },
    seriesKey: { type: String },
  },
  { collection: 'meetups', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
meetupSchema.index({ startsAt: 1 });
// The meetups a member created, counted against their quota before each create.
meetupSchema.index({ createdBy: 1, startsAt: 1 });
// One occurrence per series and start, whichever instance (or restart) schedules it first.
meetupSchema.index(
  { seriesKey: 1, startsAt: 1 },
  { unique: true, partialFilterExpression: { seriesKey: { $type: 'string' } } },
);
