import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { MembersRepository } from './repository.ts';

/** A member's privacy: what the community sees of their completions (feed, rooms). */
export function privacyRouter({ members }: { members: MembersRepository }): Router {
  const router = new Router();
  mount(router, API.getCommunityPrivacy, async ({ ctx }) => ({
    shareCompletions: await members.shareOf(userIdOf(ctx)),
  }));
  mount(router, API.updateCommunityPrivacy, async ({ ctx, body }) => {
    await members.setShare(userIdOf(ctx), body.shareCompletions);
    return { shareCompletions: await members.shareOf(userIdOf(ctx)) };
  });
  return router;
}
