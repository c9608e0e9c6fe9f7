import { Router } from '@koa/router';
import { createSessionRequestSchema, emptyRequestSchema, idParamsSchema } from '@levelup/contracts';
import { userIdOf, bodyOrEmpty } from '@levelup/service-kit';
import type { SessionsService } from './sessions.service.ts';

/** /api/sessions: body-doubling sessions on the server (issue 11). */
export function sessionsRouter({ sessions }: { sessions: SessionsService }): Router {
  const router = new Router();

  router.get('/api/sessions', async (ctx) => {
    ctx.body = await sessions.list(userIdOf(ctx));
  });

  router.post('/api/sessions', async (ctx) => {
    const input = createSessionRequestSchema.parse(bodyOrEmpty(ctx.request.body));
    ctx.status = 201;
    ctx.body = await sessions.create(userIdOf(ctx), input);
  });

  const action = (path: string, run: (userId: string, id: string) => Promise<unknown>) =>
    router.post(`/api/sessions/:id/${path}`, async (ctx) => {
      const { id } = idParamsSchema.parse(ctx.params);
      emptyRequestSchema.parse(ctx.request.body);
      ctx.body = await run(userIdOf(ctx), id);
    });
  action('join', sessions.join);
  action('leave', sessions.leave);
  action('cancel', sessions.cancel);
  action('remind', (userId, id) => sessions.remind(userId, id, true));

  router.delete('/api/sessions/:id/remind', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await sessions.remind(userIdOf(ctx), id, false);
  });

  return router;
}
