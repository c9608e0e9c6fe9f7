import { Schema, type Connection, type Model } from 'mongoose';

/**
 * calendar_feeds: one per user who asked for a feed. The token itself is never stored: `tokenHash`
 * (SHA-256, hex) finds the feed, and `tokenSealed` (AES-256-GCM under a key derived from the service's
 * secret) lets the owner see their link again. A rotation replaces both in one update.
 */
export interface CalendarFeedDoc {
  _id: string;
  tokenHash: string;
  tokenSealed: string;
  createdAt: Date;
}

const calendarFeedSchema = new Schema<CalendarFeedDoc>(
  {
    _id: { type: String, required: true },
    tokenHash: { type: String, required: true },
    tokenSealed: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'calendar_feeds', versionKey: false },
);
calendarFeedSchema.index({ tokenHash: 1 }, { unique: true });

const cache = new WeakMap<Connection, Model<CalendarFeedDoc>>();

export function calendarFeedModel(db: Connection): Model<CalendarFeedDoc> {
  let model = cache.get(db);
  if (!model) {
    model = db.model<CalendarFeedDoc>('CalendarFeed', calendarFeedSchema);
    cache.set(db, model);
  }
  return model;
}
