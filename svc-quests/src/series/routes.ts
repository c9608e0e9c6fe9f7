import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { SeriesService } from './series.service.ts';

export function seriesRouter(deps: { series: SeriesService }): Router {
  const router = new Router();
  mount(router, API.createSeries, ({ ctx, body }) =>
    deps.series.create(userIdOf(ctx), body, ctx.state.requestId),
  );
  mount(router, API.listSeries, ({ ctx }) => deps.series.list(userIdOf(ctx)));
  mount(router, API.listSeriesChoices, ({ ctx }) => deps.series.choices(userIdOf(ctx)));
  mount(router, API.updateSeries, ({ ctx, params, body }) =>
    deps.series.update(userIdOf(ctx), params.id, body, ctx.state.requestId),
  );
  mount(router, API.deleteSeries, ({ ctx, params }) =>
    deps.series.remove(userIdOf(ctx), params.id, ctx.state.requestId),
  );
  mount(router, API.pauseSeries, ({ ctx, params }) =>
    deps.series.pause(userIdOf(ctx), params.id, ctx.state.requestId),
  );
  mount(router, API.resumeSeries, ({ ctx, params }) =>
    deps.series.resume(userIdOf(ctx), params.id, ctx.state.requestId),
  );
  return router;
}
