import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { HabitStatsService } from './habit-stats.service.ts';

export function habitStatsRouter(deps: { stats: HabitStatsService }): Router {
  const router = new Router();
  mount(router, API.habitScores, ({ ctx }) => deps.stats.scores(userIdOf(ctx)));
  mount(router, API.habitStats, ({ ctx, params }) => deps.stats.stats(userIdOf(ctx), params.id));
  return router;
}
