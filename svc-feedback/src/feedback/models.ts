import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { FeedbackCategory } from '@levelup/contracts';

/** feedback (goals-progression-community.md section 3). Sending and review come with the feedback issue. */
export interface FeedbackDoc {
  _id: Types.ObjectId;
  userId: string | null;
  /** Who sent it, as known when it was sent; null = anonymous. */
  user: { displayName: string; username: string; email: string } | null;
  category: FeedbackCategory;
  message: string;
  url: string;
  userAgent: string | null;
  isReviewed: boolean;
  adminNotes: string | null;
  createdAt: Date;
}

const feedbackSchema = new Schema<FeedbackDoc>(
  {
    userId: { type: String, default: null },
    user: { type: Schema.Types.Mixed, default: null },
    category: { type: String, required: true },
    message: { type: String, required: true },
    url: { type: String, default: '' },
    userAgent: { type: String, default: null },
    isReviewed: { type: Boolean, required: true, default: false },
    adminNotes: { type: String, default: null },
  },
  { collection: 'feedback', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
feedbackSchema.index({ createdAt: -1 });

const cache = new WeakMap<Connection, Model<FeedbackDoc>>();

export function feedbackModel(db: Connection): Model<FeedbackDoc> {
  let model = cache.get(db);
  if (!model) {
    model = db.model<FeedbackDoc>('Feedback', feedbackSchema);
    cache.set(db, model);
  }
  return model;
}
