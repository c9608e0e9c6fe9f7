import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { perConnection } from '@levelup/service-kit';
import type { FeedbackCategory } from '@levelup/contracts';

/**
 * feedback: userId is null when nobody is known (anonymous).
 * `user` is the sender's name as svc-feedback knew it when the feedback arrived; the admin list prefers
 * the member's current name from the identity read model and falls back to it.
 */
export interface FeedbackDoc {
  _id: Types.ObjectId;
  userId: string | null;
  user: { displayName: string; username: string } | null;
  category: FeedbackCategory;
  message: string;
  url: string | null;
  userAgent: string | null;
  isReviewed: boolean;
  adminNotes: string | null;
  /** When it was last marked reviewed; null while new. */
  reviewedAt: Date | null;
  createdAt: Date;
}

const feedbackSchema = new Schema<FeedbackDoc>(
  {
    userId: { type: String, default: null },
    user: { type: Schema.Types.Mixed, default: null },
    category: { type: String, required: true },
    message: { type: String, required: true },
    url: { type: String, default: null },
    userAgent: { type: String, default: null },
    isReviewed: { type: Boolean, required: true, default: false },
    adminNotes: { type: String, default: null },
    reviewedAt: { type: Date, default: null },
  },
  { collection: 'feedback', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
feedbackSchema.index({ createdAt: -1 });
feedbackSchema.index({ isReviewed: 1 });

export const feedbackModel: (db: Connection) => Model<FeedbackDoc> = perConnection((db) =>
  db.model<FeedbackDoc>('Feedback', feedbackSchema),
);
