import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { BackfillService } from './backfill.service.ts';

export function backfillRouter(deps: { backfill: BackfillService }): Router {
  const router = new Router();
  mount(router, API.dayActivity, ({ ctx, params }) =>
    deps.backfill.dayActivity(userIdOf(ctx), params.date),
  );
  mount(router, API.backfillOccurrence, ({ ctx, params, body }) =>
    deps.backfill.occurrence(userIdOf(ctx), params.id, params.date, body, ctx.state.requestId),
  );
  mount(router, API.backfillOccurrenceAmount, ({ ctx, params, body }) =>
    deps.backfill.occurrenceAmount(
      userIdOf(ctx),
      params.id,
      params.date,
      body,
      ctx.state.requestId,
    ),
  );
  mount(router, API.backfillQuest, ({ ctx, params, body }) =>
    deps.backfill.quest(userIdOf(ctx), params.id, params.date, body, ctx.state.requestId),
  );
  return router;
}
