import { Router } from '@koa/router';
import {
  createCommentRequestSchema,
  createPostRequestSchema,
  emptyRequestSchema,
  idParamsSchema,
  reportPostRequestSchema,
} from '@levelup/contracts';
import { userIdOf, identityOf, bodyOrEmpty } from '@levelup/service-kit';
import type { PostsService } from './posts.service.ts';

/** /api/posts (core.md section 7) and, beyond the spec, comments, delete, report and mute (issue 11). */
export function postsRouter({ posts }: { posts: PostsService }): Router {
  const router = new Router();

  // Every member's posts but muted ones, newest first, with the author's current display name.
  router.get('/api/posts', async (ctx) => {
    ctx.body = await posts.list(userIdOf(ctx));
  });

  router.post('/api/posts', async (ctx) => {
    const input = createPostRequestSchema.parse(bodyOrEmpty(ctx.request.body));
    ctx.status = 201;
    ctx.body = await posts.create(userIdOf(ctx), input);
  });

  router.delete('/api/posts/:id', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    await posts.remove(userIdOf(ctx), id);
    ctx.status = 204;
  });

  router.post('/api/posts/:id/like', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await posts.toggleLike(userIdOf(ctx), id);
  });

  router.get('/api/posts/:id/comments', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    ctx.body = await posts.comments(userIdOf(ctx), id);
  });

  router.post('/api/posts/:id/comments', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const input = createCommentRequestSchema.parse(bodyOrEmpty(ctx.request.body));
    ctx.status = 201;
    ctx.body = await posts.comment(userIdOf(ctx), id, input);
  });

  router.post('/api/posts/:id/report', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const input = reportPostRequestSchema.parse(ctx.request.body);
    ctx.status = 201;
    ctx.body = await posts.report(userIdOf(ctx), id, input);
  });

  router.post('/api/posts/:id/mute-author', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await posts.muteAuthor(userIdOf(ctx), id);
  });

  // Admins only: the reported posts.
  router.get('/api/community/reports', async (ctx) => {
    ctx.body = await posts.reports(identityOf(ctx));
  });

  router.get('/api/community/mutes', async (ctx) => {
    ctx.body = await posts.mutes(userIdOf(ctx));
  });

  router.delete('/api/community/mutes/:id', async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    emptyRequestSchema.parse(ctx.request.body);
    ctx.body = await posts.unmute(userIdOf(ctx), id);
  });

  return router;
}
