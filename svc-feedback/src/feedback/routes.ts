import { Router } from '@koa/router';
import {
  createFeedbackRequestSchema,
  idParamsSchema,
  reviewFeedbackRequestSchema,
} from '@levelup/contracts';
import { userIdOf, identityOf, requireAdmin, bodyOrEmpty } from '@levelup/service-kit';
import type { FeedbackService } from './feedback.service.ts';

/** /api/feedback (goals-progression-community.md section 7); reading and reviewing are for admins. */
export function feedbackRouter({ feedback }: { feedback: FeedbackService }): Router {
  const router = new Router();

  // Any member: a category of the five and a non-blank message, else 400 'Please select a category and
  // enter your feedback' (section 5).
  router.post('/api/feedback', async (ctx) => {
    const input = createFeedbackRequestSchema.parse(bodyOrEmpty(ctx.request.body));
    ctx.status = 201;
    ctx.body = await feedback.send(userIdOf(ctx), input);
  });

  router.get('/api/feedback', async (ctx) => {
    ctx.body = await feedback.list(identityOf(ctx));
  });

  router.get('/api/feedback/counts', async (ctx) => {
    ctx.body = await feedback.counts(identityOf(ctx));
  });

  router.patch('/api/feedback/:id', async (ctx) => {
    const identity = identityOf(ctx);
    // The role first: a member learns nothing about ids or the body's rules.
    requireAdmin(identity);
    const { id } = idParamsSchema.parse(ctx.params);
    const input = reviewFeedbackRequestSchema.parse(bodyOrEmpty(ctx.request.body));
    ctx.body = await feedback.review(identity, id, input);
  });

  return router;
}
