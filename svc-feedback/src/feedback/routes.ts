import { Router } from '@koa/router';
import type { Model } from 'mongoose';
import type { FeedbackDoc } from './models.ts';

export function toFeedback(doc: FeedbackDoc) {
  return {
    id: doc._id.toString(),
    category: doc.category,
    message: doc.message,
    url: doc.url,
    userAgent: doc.userAgent,
    createdAt: new Date(doc.createdAt).toISOString(),
    isReviewed: doc.isReviewed,
    adminNotes: doc.adminNotes,
    user: doc.user,
  };
}

export function feedbackRouter(deps: { Feedback: Model<FeedbackDoc> }): Router {
  const router = new Router();
  // The admin list, newest first. The admin role check arrives with the feedback review issue.
  router.get('/api/feedback', async (ctx) => {
    const items = await deps.Feedback.find({})
      .sort({ createdAt: -1, _id: -1 })
      .limit(500)
      .lean<FeedbackDoc[]>();
    ctx.body = items.map(toFeedback);
  });
  return router;
}
