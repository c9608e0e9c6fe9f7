import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { OccurrencesService } from './occurrences.service.ts';

export function occurrencesRouter(deps: { occurrences: OccurrencesService }): Router {
  const router = new Router();
  mount(router, API.listOccurrences, ({ ctx, query }) =>
    deps.occurrences.list(userIdOf(ctx), query),
  );
  mount(router, API.toggleOccurrence, ({ ctx, params }) =>
    deps.occurrences.toggle(userIdOf(ctx), params.id, ctx.state.requestId),
  );
  mount(router, API.completeOccurrence, ({ ctx, params }) =>
    deps.occurrences.complete(userIdOf(ctx), params.id, ctx.state.requestId),
  );
  mount(router, API.updateOccurrenceProgress, ({ ctx, params, body }) =>
    deps.occurrences.progress(userIdOf(ctx), params.id, body, ctx.state.requestId),
  );
  mount(router, API.recordOccurrenceAmount, ({ ctx, params, body }) =>
    deps.occurrences.recordAmount(userIdOf(ctx), params.id, body, ctx.state.requestId),
  );
  mount(router, API.tickOccurrenceChecklistStep, ({ ctx, params, body }) =>
    deps.occurrences.tickStep(
      userIdOf(ctx),
      params.id,
      { stepId: params.stepId, done: body.done },
      ctx.state.requestId,
    ),
  );
  mount(router, API.hideOccurrence, ({ ctx, params }) =>
    deps.occurrences.hide(userIdOf(ctx), params.id),
  );
  mount(router, API.unhideOccurrence, ({ ctx, params }) =>
    deps.occurrences.unhide(userIdOf(ctx), params.id),
  );
  mount(router, API.skipOccurrence, ({ ctx, params }) =>
    deps.occurrences.skip(userIdOf(ctx), params.id),
  );
  return router;
}
