import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { QuestsService } from './quests.service.ts';

export function questsRouter(deps: { quests: QuestsService }): Router {
  const router = new Router();
  mount(router, API.createQuest, ({ ctx, body }) => deps.quests.create(userIdOf(ctx), body));
  mount(router, API.listQuests, ({ ctx, query }) =>
    deps.quests.list(userIdOf(ctx), query.includeCleared),
  );
  mount(router, API.clearCompletedQuests, ({ ctx }) => deps.quests.clearCompleted(userIdOf(ctx)));
  mount(router, API.updateQuest, ({ ctx, params, body }) =>
    deps.quests.update(userIdOf(ctx), params.id, body),
  );
  mount(router, API.deleteQuest, ({ ctx, params }) => deps.quests.remove(userIdOf(ctx), params.id));
  mount(router, API.toggleQuest, ({ ctx, params }) =>
    deps.quests.toggle(userIdOf(ctx), params.id, ctx.state.requestId),
  );
  mount(router, API.completeQuest, ({ ctx, params }) =>
    deps.quests.complete(userIdOf(ctx), params.id, ctx.state.requestId),
  );
  mount(router, API.tickChecklistStep, ({ ctx, params, body }) =>
    deps.quests.tickStep(
      userIdOf(ctx),
      params.id,
      { stepId: params.stepId, done: body.done },
      ctx.state.requestId,
    ),
  );
  mount(router, API.updateQuestProgress, ({ ctx, params, body }) =>
    deps.quests.progress(userIdOf(ctx), params.id, body, ctx.state.requestId),
  );
  mount(router, API.snoozeQuest, ({ ctx, params }) => deps.quests.snooze(userIdOf(ctx), params.id));
  return router;
}
