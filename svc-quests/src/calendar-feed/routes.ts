import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, notFound, requireInternal, userIdOf } from '@levelup/service-kit';
import type { CalendarFeedService } from './calendar-feed.service.ts';

/** The signed-in user's feed link: show it, rotate it. */
export function calendarFeedRouter({ feeds }: { feeds: CalendarFeedService }): Router {
  const router = new Router();
  mount(router, API.getCalendarFeed, ({ ctx }) => feeds.state(userIdOf(ctx)));
  mount(router, API.rotateCalendarFeed, ({ ctx }) => feeds.rotate(userIdOf(ctx)));
  return router;
}

/**
 * The feed itself, opened by its secret alone (calendar apps have no session). The gateway passes it
 * through without identity but signs it as its own call, so only the gateway (with its rate limit) can
 * ask; an unknown, rotated or malformed token is the same 404.
 */
export function calendarFeedPublicRouter({
  feeds,
  identitySecret,
  service,
}: {
  feeds: CalendarFeedService;
  identitySecret: string;
  service: string;
}): Router {
  const router = new Router();
  router.get(API.calendarFeed.path, requireInternal(identitySecret, service), async (ctx) => {
    const calendar = await feeds.render(ctx.params.token ?? '');
    if (calendar === null) throw notFound('No calendar feed at this address');
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('cache-control', 'private, no-cache');
    ctx.set('content-disposition', 'inline; filename="levelup.ics"');
    ctx.body = calendar;
  });
  return router;
}
