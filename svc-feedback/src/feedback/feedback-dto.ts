import type { Feedback } from '@levelup/contracts';
import type { MemberName } from '../members/repository.ts';
import type { FeedbackDoc } from './models.ts';

/**
 * Feedback as the admin page reads it: the sender's current
 * name when the identity read model knows it, else the name stored with the feedback; `user` is null
 * (anonymous) when nobody is known. Identity events carry no email, so it is always null here.
 */
export function toFeedback(doc: FeedbackDoc, member: MemberName | undefined): Feedback {
  const name = member ?? doc.user;
  return {
    id: doc._id.toString(),
    category: doc.category,
    message: doc.message,
    url: doc.url ?? null,
    userAgent: doc.userAgent ?? null,
    createdAt: new Date(doc.createdAt).toISOString(),
    isReviewed: doc.isReviewed,
    adminNotes: doc.adminNotes ?? null,
    user:
      doc.userId || name
        ? {
            displayName: name?.displayName || null,
            username: name?.username || null,
            email: null,
          }
        : null,
  };
}
