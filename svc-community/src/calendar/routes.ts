import { Router } from '@koa/router';
import { CALENDAR_ENTRIES_INTERNAL_PATH, calendarEntriesQuerySchema } from '@levelup/contracts';
import { requireInternal } from '@levelup/service-kit';
import type { CalendarEntriesService } from './calendar-entries.ts';

/**
 * GET /internal/calendar-entries?userId&from&to: svc-quests' calendar feed asks which sessions and
 * meetups a user is part of. Internal only: the gateway routes no path here, and the call must carry
 * svc-community's internal signature.
 */
export function calendarEntriesRouter(deps: {
  entries: CalendarEntriesService;
  identitySecret: string;
  service: string;
}): Router {
  const router = new Router();
  router.get(
    CALENDAR_ENTRIES_INTERNAL_PATH,
    requireInternal(deps.identitySecret, deps.service),
    async (ctx) => {
      const query = calendarEntriesQuerySchema.parse(ctx.query);
      ctx.body = {
        entries: await deps.entries.of(query.userId, new Date(query.from), new Date(query.to)),
      };
    },
  );
  return router;
}
