import { Router } from '@koa/router';
import { calendarQuerySchema } from '@levelup/contracts';
import { userIdOf } from '@levelup/service-kit';
import type { CalendarService } from './calendar.service.ts';
import type { OverviewService } from './overview.service.ts';

export function dashboardRouter(deps: {
  overview: OverviewService;
  calendar: CalendarService;
}): Router {
  const router = new Router();
  router.get('/api/dashboard/overview', async (ctx) => {
    ctx.body = await deps.overview.forUser(userIdOf(ctx));
  });
  router.get('/api/dashboard/calendar', async (ctx) => {
    const { month } = calendarQuerySchema.parse(ctx.query);
    ctx.body = await deps.calendar.forMonth(userIdOf(ctx), month);
  });
  return router;
}
