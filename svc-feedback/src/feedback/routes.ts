import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { adminOnly, identityOf, mount, userIdOf } from '@levelup/service-kit';
import type { FeedbackService } from './feedback.service.ts';

/** Feedback: any member sends it; reading and reviewing are for admins. */
export function feedbackRouter({ feedback }: { feedback: FeedbackService }): Router {
  const router = new Router();
  // A category of the five and a non-blank message, else 400 'Please select a category and enter your
  // feedback'.
  mount(router, API.createFeedback, ({ ctx, body }) => feedback.send(userIdOf(ctx), body));
  mount(router, API.listFeedback, ({ ctx }) => feedback.list(identityOf(ctx)));
  mount(router, API.feedbackCounts, ({ ctx }) => feedback.counts(identityOf(ctx)));
  mount(
    router,
    API.reviewFeedback,
    ({ ctx, params, body }) => feedback.review(identityOf(ctx), params.id, body),
    { use: [adminOnly] },
  );
  return router;
}
