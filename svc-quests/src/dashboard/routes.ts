import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { CalendarService } from './calendar.service.ts';
import type { OverviewService } from './overview.service.ts';

export function dashboardRouter(deps: {
  overview: OverviewService;
  calendar: CalendarService;
}): Router {
  const router = new Router();
  mount(router, API.dashboardOverview, ({ ctx }) => deps.overview.forUser(userIdOf(ctx)));
  mount(router, API.dashboardCalendar, ({ ctx, query }) =>
    deps.calendar.forMonth(userIdOf(ctx), query.month),
  );
  return router;
}
