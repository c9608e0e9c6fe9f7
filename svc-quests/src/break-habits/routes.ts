import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { BreakHabitsService } from './break-habits.service.ts';

export function breakHabitsRouter(deps: { habits: BreakHabitsService }): Router {
  const router = new Router();
  mount(router, API.listBreakHabits, ({ ctx }) => deps.habits.list(userIdOf(ctx)));
  mount(router, API.createBreakHabit, ({ ctx, body }) => deps.habits.create(userIdOf(ctx), body));
  mount(router, API.updateBreakHabit, ({ ctx, params, body }) =>
    deps.habits.update(userIdOf(ctx), params.id, body),
  );
  mount(router, API.deleteBreakHabit, ({ ctx, params }) =>
    deps.habits.remove(userIdOf(ctx), params.id),
  );
  mount(router, API.recordSlip, ({ ctx, params, body }) =>
    deps.habits.recordSlip(userIdOf(ctx), params.id, body),
  );
  mount(router, API.undoSlip, ({ ctx, params }) =>
    deps.habits.undoSlip(userIdOf(ctx), params.id, params.date),
  );
  return router;
}
