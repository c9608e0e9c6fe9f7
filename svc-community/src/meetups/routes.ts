import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { adminOnly, identityOf, mount, userIdOf } from '@levelup/service-kit';
import type { MeetupsService } from './meetups.service.ts';

/** Meetups: the list for everyone, scheduling for admins, RSVP once per member. */
export function meetupsRouter({ meetups }: { meetups: MeetupsService }): Router {
  const router = new Router();
  mount(router, API.listMeetups, ({ ctx }) => meetups.list(userIdOf(ctx)));
  mount(router, API.createMeetup, ({ ctx, body }) => meetups.create(identityOf(ctx), body), {
    use: [adminOnly],
  });
  mount(router, API.rsvpMeetup, ({ ctx, params }) => meetups.rsvp(userIdOf(ctx), params.id));
  return router;
}
