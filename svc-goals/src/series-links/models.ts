import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { perConnection } from '@levelup/service-kit';

/** goal_recurring_series_links: goalId + seriesId is unique; gone with the goal or the series. */
export interface SeriesLinkDoc {
  _id: Types.ObjectId;
  goalId: string;
  seriesId: string;
  /** The goal's owner: links are looked up by series and user when an occurrence changes. */
  userId: string;
  xpPerOccurrence: number;
  linkedAt: Date;
}

const seriesLinkSchema = new Schema<SeriesLinkDoc>(
  {
    goalId: { type: String, required: true },
    seriesId: { type: String, required: true },
    userId: { type: String, required: true },
    xpPerOccurrence: { type: Number, required: true },
    linkedAt: { type: Date, required: true },
  },
  { collection: 'goal_recurring_series_links', versionKey: false },
);
seriesLinkSchema.index({ goalId: 1, seriesId: 1 }, { unique: true });
seriesLinkSchema.index({ seriesId: 1, userId: 1 });

export const seriesLinkModel: (db: Connection) => Model<SeriesLinkDoc> = perConnection((db) =>
  db.model<SeriesLinkDoc>('SeriesLink', seriesLinkSchema),
);
