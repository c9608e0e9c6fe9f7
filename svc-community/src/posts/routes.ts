import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { identityOf, mount, userIdOf } from '@levelup/service-kit';
import type { PostsService } from './posts.service.ts';

/** Posts (list, create and like) and their comments, delete, report and mute. */
export function postsRouter({ posts }: { posts: PostsService }): Router {
  const router = new Router();
  // Every member's posts but muted ones, newest first, with the author's current display name.
  mount(router, API.listPosts, ({ ctx }) => posts.list(userIdOf(ctx)));
  mount(router, API.createPost, ({ ctx, body }) => posts.create(userIdOf(ctx), body));
  mount(router, API.deletePost, ({ ctx, params }) => posts.remove(userIdOf(ctx), params.id));
  mount(router, API.likePost, ({ ctx, params }) => posts.toggleLike(userIdOf(ctx), params.id));
  mount(router, API.listComments, ({ ctx, params }) => posts.comments(userIdOf(ctx), params.id));
  mount(router, API.createComment, ({ ctx, params, body }) =>
    posts.comment(userIdOf(ctx), params.id, body),
  );
  mount(router, API.reportPost, ({ ctx, params, body }) =>
    posts.report(userIdOf(ctx), params.id, body),
  );
  mount(router, API.muteAuthor, ({ ctx, params }) => posts.muteAuthor(userIdOf(ctx), params.id));
  // Admins only: the reported posts.
  mount(router, API.listPostReports, ({ ctx }) => posts.reports(identityOf(ctx)));
  mount(router, API.listMutes, ({ ctx }) => posts.mutes(userIdOf(ctx)));
  mount(router, API.unmute, ({ ctx, params }) => posts.unmute(userIdOf(ctx), params.id));
  return router;
}
