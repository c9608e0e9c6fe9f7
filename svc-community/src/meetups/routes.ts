import { Router } from '@koa/router';
import { createMeetupRequestSchema, emptyRequestSchema, idParamsSchema } from '@levelup/contracts';
import { userIdOf, identityOf, requireAdmin, bodyOrEmpty } from '@levelup/service-kit';
import type { MeetupsService } from './meetups.service.ts';

/** /api/meetups: the list for everyone, scheduling for admins, RSVP once per member (issue 11). */
export function meetupsRouter({ meetups }: { meetups: MeetupsService }): Router {
  const router = new Router();

  router.get('/api/meetups', async (ctx) => {
    ctx.body = await meetups.list(userIdOf(ctx));
  });

  router.post('/api/meetups', async (ctx) => {
    const identity = identityOf(ctx);
    // The role first: a member learns nothing about the body's rules.
    requireAdmin(identity);
    const input = createMeetupRequestSchema.parse(bodyOrEmpty(ctx.request.body));
    ctx.status = 201;
    ctx.body = await meetups.create(identity, input);
  });

  router.post('/api/meetups/:id/rsvp', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await meetups.rsvp(userIdOf(ctx), id);
  });

  return router;
}
