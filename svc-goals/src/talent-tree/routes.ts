import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { TalentTreeService } from './talent-tree.service.ts';

/** The talent tree and the user's progress in it. */
export function talentTreeRouter(deps: { talents: TalentTreeService }): Router {
  const router = new Router();
  // The node list in tree order: path by path, tier by tier.
  mount(router, API.talentTree, () => deps.talents.tree());
  mount(router, API.talentProgress, ({ ctx }) => deps.talents.progress(userIdOf(ctx)));
  mount(router, API.checkTalentUnlocks, ({ ctx }) => deps.talents.checkUnlocks(userIdOf(ctx)));
  return router;
}
