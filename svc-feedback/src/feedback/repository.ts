import { objectId } from '@levelup/service-kit';
import type { Model } from 'mongoose';
import type { FeedbackCounts } from '@levelup/contracts';
import type { FeedbackDoc } from './models.ts';

/** The admin list shows the newest this many; the counts cover everything. */
export const FEEDBACK_LIST_LIMIT = 500;

export type NewFeedback = Pick<
  FeedbackDoc,
  'userId' | 'user' | 'category' | 'message' | 'url' | 'userAgent'
>;

export function feedbackRepository({ Feedback }: { Feedback: Model<FeedbackDoc> }) {
  return {
    async create(feedback: NewFeedback): Promise<FeedbackDoc> {
      const doc = await Feedback.create({ ...feedback, isReviewed: false, adminNotes: null });
      return doc.toObject();
    },

    async listNewest(): Promise<FeedbackDoc[]> {
      return Feedback.find({})
        .sort({ createdAt: -1, _id: -1 })
        .limit(FEEDBACK_LIST_LIMIT)
        .lean<FeedbackDoc[]>();
    },

    async counts(): Promise<FeedbackCounts> {
      const [fresh, reviewed] = await Promise.all([
        Feedback.countDocuments({ isReviewed: { $ne: true } }),
        Feedback.countDocuments({ isReviewed: true }),
      ]);
      return { new: fresh, reviewed };
    },

    /** Sets the review state (and the notes when given) in one update; null for an unknown id. */
    async review(
      id: string,
      change: { isReviewed: boolean; adminNotes?: string | null },
    ): Promise<FeedbackDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return Feedback.findByIdAndUpdate(
        _id,
        {
          $set: {
            isReviewed: change.isReviewed,
            reviewedAt: change.isReviewed ? new Date() : null,
            ...(change.adminNotes !== undefined ? { adminNotes: change.adminNotes } : {}),
          },
        },
        { returnDocument: 'after' },
      ).lean<FeedbackDoc>();
    },
  };
}
export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
