import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { GroupedService } from './grouped.service.ts';

export function groupedRouter(deps: { grouped: GroupedService }): Router {
  const router = new Router();
  mount(router, API.listQuestsWithOccurrences, ({ ctx, query }) =>
    deps.grouped.withOccurrences(userIdOf(ctx), query),
  );
  mount(router, API.groupedQuests, ({ ctx, query }) => deps.grouped.grouped(userIdOf(ctx), query));
  return router;
}
