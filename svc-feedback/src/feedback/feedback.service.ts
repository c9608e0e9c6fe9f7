import type {
  CreateFeedbackRequest,
  Feedback,
  FeedbackCounts,
  ReviewFeedbackRequest,
} from '@levelup/contracts';
import { notFound, requireAdmin, type Identity } from '@levelup/service-kit';
import type { MembersRepository } from '../members/repository.ts';
import { toFeedback } from './feedback-dto.ts';
import type { FeedbackRepository } from './repository.ts';

/** Notes that are only blanks are no notes. */
const notesOf = (notes: string | null | undefined) =>
  notes === undefined ? undefined : notes?.trim() || null;

/**
 * Beta feedback: any member sends it, admins read
 * and review it (the server checks the admin role itself; hiding the admin page is not enough).
 */
export function feedbackService(deps: {
  feedback: FeedbackRepository;
  members: MembersRepository;
}) {
  const { feedback, members } = deps;

  return {
    async send(userId: string, input: CreateFeedbackRequest): Promise<Feedback> {
      const names = await members.namesOf([userId]);
      const doc = await feedback.create({
        userId,
        user: names.get(userId) ?? null,
        category: input.category,
        message: input.message,
        url: input.url ?? null,
        userAgent: input.userAgent ?? null,
      });
      return toFeedback(doc, names.get(userId));
    },

    /** Newest first, with the senders' names. */
    async list(identity: Identity): Promise<Feedback[]> {
      requireAdmin(identity);
      const docs = await feedback.listNewest();
      const names = await members.namesOf(docs.flatMap((doc) => (doc.userId ? [doc.userId] : [])));
      return docs.map((doc) => toFeedback(doc, doc.userId ? names.get(doc.userId) : undefined));
    },

    async counts(identity: Identity): Promise<FeedbackCounts> {
      requireAdmin(identity);
      return feedback.counts();
    },

    /** Marks reviewed (with optional notes) or back to new; notes left out stay as they were. */
    async review(identity: Identity, id: string, input: ReviewFeedbackRequest): Promise<Feedback> {
      requireAdmin(identity);
      const doc = await feedback.review(id, {
        isReviewed: input.isReviewed,
        adminNotes: notesOf(input.adminNotes),
      });
      if (!doc) throw notFound('Feedback not found');
      const names = doc.userId ? await members.namesOf([doc.userId]) : new Map();
      return toFeedback(doc, doc.userId ? names.get(doc.userId) : undefined);
    },
  };
}
export type FeedbackService = ReturnType<typeof feedbackService>;
