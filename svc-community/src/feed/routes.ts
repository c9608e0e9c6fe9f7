import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { FeedService } from './feed.service.ts';

/** The community feed: `limit` (default 10, at most 50) latest completions, muted members left out. */
export function feedRouter({ feed }: { feed: FeedService }): Router {
  const router = new Router();
  mount(router, API.communityFeed, ({ ctx, query }) => feed.latest(userIdOf(ctx), query.limit));
  return router;
}
