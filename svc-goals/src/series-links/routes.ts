import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { SeriesLinksService } from './series-links.service.ts';

/** A goal's linked recurring series and its journey. */
export function seriesLinksRouter(deps: { links: SeriesLinksService }): Router {
  const router = new Router();
  mount(router, API.linkGoalSeries, ({ ctx, params, body }) =>
    deps.links.link(userIdOf(ctx), params.id, body),
  );
  mount(router, API.listGoalSeries, ({ ctx, params }) => deps.links.list(userIdOf(ctx), params.id));
  mount(router, API.goalJourney, ({ ctx, params }) => deps.links.journey(userIdOf(ctx), params.id));
  return router;
}
