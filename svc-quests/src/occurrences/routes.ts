import { Router } from '@koa/router';
import {
  emptyRequestSchema,
  idParamsSchema,
  progressUpdateRequestSchema,
  questRangeQuerySchema,
} from '@levelup/contracts';
import { userIdOf } from '@levelup/service-kit';
import type { OccurrencesService } from './occurrences.service.ts';

export function occurrencesRouter(deps: { occurrences: OccurrencesService }): Router {
  const router = new Router();

  router.get('/api/quests/occurrences', async (ctx) => {
    const query = questRangeQuerySchema.parse(ctx.query);
    ctx.body = await deps.occurrences.list(userIdOf(ctx), query);
  });

  router.post('/api/quests/occurrences/:id/toggle', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.occurrences.toggle(userIdOf(ctx), id, ctx.state.requestId);
  });

  router.post('/api/quests/occurrences/:id/complete', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.occurrences.complete(userIdOf(ctx), id, ctx.state.requestId);
  });

  router.patch('/api/quests/occurrences/:id/progress', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const input = progressUpdateRequestSchema.parse(ctx.request.body ?? {});
    ctx.body = await deps.occurrences.progress(userIdOf(ctx), id, input, ctx.state.requestId);
  });

  router.post('/api/quests/occurrences/:id/hide', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.occurrences.hide(userIdOf(ctx), id);
  });

  router.post('/api/quests/occurrences/:id/skip', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await deps.occurrences.skip(userIdOf(ctx), id);
  });

  return router;
}
