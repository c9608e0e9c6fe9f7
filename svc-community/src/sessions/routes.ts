import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { SessionsService } from './sessions.service.ts';

/** Body-doubling sessions: list, create, join, leave, cancel, and the "Remind Me" flag. */
export function sessionsRouter({ sessions }: { sessions: SessionsService }): Router {
  const router = new Router();
  mount(router, API.listSessions, ({ ctx }) => sessions.list(userIdOf(ctx)));
  mount(router, API.createSession, ({ ctx, body }) => sessions.create(userIdOf(ctx), body));
  mount(router, API.joinSession, ({ ctx, params }) => sessions.join(userIdOf(ctx), params.id));
  mount(router, API.leaveSession, ({ ctx, params }) => sessions.leave(userIdOf(ctx), params.id));
  mount(router, API.cancelSession, ({ ctx, params }) => sessions.cancel(userIdOf(ctx), params.id));
  mount(router, API.remindSession, ({ ctx, params }) =>
    sessions.remind(userIdOf(ctx), params.id, true),
  );
  mount(router, API.unremindSession, ({ ctx, params }) =>
    sessions.remind(userIdOf(ctx), params.id, false),
  );
  return router;
}
