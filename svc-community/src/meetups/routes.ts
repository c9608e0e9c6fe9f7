import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { adminOnly, identityOf, mount } from '@levelup/service-kit';
import type { MeetupsService } from './meetups.service.ts';

/** Meetups: the list for everyone, scheduling and links for admins, RSVP (and undo) per member. */
export function meetupsRouter({ meetups }: { meetups: MeetupsService }): Router {
  const router = new Router();
  mount(router, API.listMeetups, ({ ctx }) => meetups.list(identityOf(ctx)));
  mount(router, API.createMeetup, ({ ctx, body }) => meetups.create(identityOf(ctx), body), {
    use: [adminOnly],
  });
  mount(
    router,
    API.updateMeetupJoinUrl,
    ({ ctx, params, body }) => meetups.setJoinUrl(identityOf(ctx), params.id, body.joinUrl),
    { use: [adminOnly] },
  );
  mount(router, API.rsvpMeetup, ({ ctx, params }) => meetups.rsvp(identityOf(ctx), params.id));
  mount(router, API.cancelMeetupRsvp, ({ ctx, params }) =>
    meetups.cancelRsvp(identityOf(ctx), params.id),
  );
  return router;
}
