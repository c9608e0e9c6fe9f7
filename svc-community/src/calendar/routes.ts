import { Router } from '@koa/router';
import { INTERNAL } from '@levelup/contracts';
import { mountInternal } from '@levelup/service-kit';
import type { CalendarEntriesService } from './calendar-entries.ts';

/**
 * INTERNAL.calendarEntries: svc-quests' calendar feed asks which sessions and meetups a user is part
 * of. Internal only: the gateway routes no path here, and the call must carry svc-community's internal
 * signature.
 */
export function calendarEntriesRouter(deps: {
  entries: CalendarEntriesService;
  identitySecret: string;
}): Router {
  return mountInternal(
    new Router(),
    INTERNAL.calendarEntries,
    deps.identitySecret,
    async ({ query }) => ({
      entries: await deps.entries.of(query.userId, new Date(query.from), new Date(query.to)),
    }),
  );
}
