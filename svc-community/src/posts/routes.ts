import { Router } from '@koa/router';
import type { CommunityModels, MemberDoc, PostDoc } from '../models.ts';

export function toPost(doc: PostDoc, author: MemberDoc | undefined) {
  return {
    id: doc._id.toString(),
    content: doc.content,
    type: doc.type,
    likes: doc.likes,
    createdAt: new Date(doc.createdAt).toISOString(),
    author: { displayName: author?.displayName || author?.username || 'Anonymous User' },
  };
}

export function postsRouter({ Post, Member }: Pick<CommunityModels, 'Post' | 'Member'>): Router {
  const router = new Router();
  // Every member's posts, newest first, with the author's current display name.
  router.get('/api/posts', async (ctx) => {
    const posts = await Post.find({}).sort({ createdAt: -1, _id: -1 }).limit(100).lean<PostDoc[]>();
    const authorIds = [...new Set(posts.map((post) => post.userId))];
    const authors = authorIds.length
      ? await Member.find({ _id: { $in: authorIds } }).lean<MemberDoc[]>()
      : [];
    const byId = new Map(authors.map((author) => [author._id, author]));
    ctx.body = posts.map((post) => toPost(post, byId.get(post.userId)));
  });
  return router;
}
