import {
  ALREADY_REPORTED_MESSAGE,
  type Comment,
  type CreateCommentRequest,
  type CreatePostRequest,
  type MutedMember,
  type Post,
  type PostReport,
  type ReportPostRequest,
} from '@levelup/contracts';
import { AppError, notFound, forbidden, requireAdmin, type Identity } from '@levelup/service-kit';
import type { PostDoc } from '../models.ts';
import type { MembersRepository } from '../members/repository.ts';
import { toComment, toPost, toReport } from './post-dto.ts';
import type { PostsRepository } from './repository.ts';

const postNotFound = () => notFound('Post not found');

/** The community's posts: list, share and like, and their comments, delete, report and mute. */
export function postsService(deps: { posts: PostsRepository; members: MembersRepository }) {
  const { posts, members } = deps;

  async function existing(id: string): Promise<PostDoc> {
    const post = await posts.find(id);
    if (!post) throw postNotFound();
    return post;
  }

  async function present(doc: PostDoc, readerId: string): Promise<Post> {
    const [names, liked, reported] = await Promise.all([
      members.namesOf([doc.userId]),
      posts.likedBy(readerId, [doc._id.toString()]),
      posts.reportedBy(readerId, [doc._id.toString()]),
    ]);
    return toPost(doc, names.get(doc.userId) ?? '', {
      userId: readerId,
      liked: liked.has(doc._id.toString()),
      reported: reported.has(doc._id.toString()),
    });
  }

  async function mutedList(userId: string): Promise<MutedMember[]> {
    const muted = await members.mutedBy(userId);
    const names = await members.namesOf(muted);
    return muted.map((id) => ({ userId: id, displayName: names.get(id) ?? null }));
  }

  return {
    /** Everyone's posts but those of members the reader muted, newest first. */
    async list(readerId: string): Promise<Post[]> {
      const docs = await posts.listNewest(await members.mutedBy(readerId));
      const ids = docs.map((doc) => doc._id.toString());
      const [names, liked, reported] = await Promise.all([
        members.namesOf(docs.map((doc) => doc.userId)),
        posts.likedBy(readerId, ids),
        posts.reportedBy(readerId, ids),
      ]);
      return docs.map((doc) =>
        toPost(doc, names.get(doc.userId) ?? '', {
          userId: readerId,
          liked: liked.has(doc._id.toString()),
          reported: reported.has(doc._id.toString()),
        }),
      );
    },

    async create(userId: string, input: CreatePostRequest): Promise<Post> {
      return present(await posts.create({ userId, ...input }), userId);
    },

    /** One like per member: a second call takes it back. */
    async toggleLike(userId: string, id: string): Promise<Post> {
      await existing(id);
      const post = await posts.toggleLike(id, userId);
      if (!post) throw postNotFound();
      return present(post, userId);
    },

    async comments(readerId: string, id: string): Promise<Comment[]> {
      await existing(id);
      const rows = await posts.comments(id);
      const names = await members.namesOf(rows.map((row) => row.userId));
      return rows.map((row) => toComment(row, names.get(row.userId) ?? '', readerId));
    },

    async comment(userId: string, id: string, input: CreateCommentRequest): Promise<Comment> {
      await existing(id);
      const row = await posts.addComment({ postId: id, userId, content: input.content });
      const names = await members.namesOf([userId]);
      return toComment(row, names.get(userId) ?? '', userId);
    },

    /** Only the author deletes a post (everyone can see it, so another member's is 403, not 404). */
    async remove(userId: string, id: string): Promise<void> {
      const post = await existing(id);
      if (post.userId !== userId) throw forbidden('You can only delete your own posts');
      await posts.remove(post);
    },

    async report(userId: string, id: string, input: ReportPostRequest): Promise<PostReport> {
      const post = await existing(id);
      if (post.userId === userId) {
        throw new AppError('BAD_REQUEST', 'You cannot report your own post', 400);
      }
      const row = await posts.report({
        postId: id,
        userId,
        reason: input.reason,
        postContent: post.content,
        postAuthorId: post.userId,
      });
      if (!row) throw new AppError('CONFLICT', ALREADY_REPORTED_MESSAGE, 409);
      const names = await members.namesOf([userId]);
      return toReport(row, names.get(userId) ?? '');
    },

    async reports(identity: Identity): Promise<PostReport[]> {
      requireAdmin(identity);
      const rows = await posts.reports();
      const names = await members.namesOf(rows.map((row) => row.userId));
      return rows.map((row) => toReport(row, names.get(row.userId) ?? ''));
    },

    /** Mutes the post's author for the reader: their posts and achievements leave the reader's feed. */
    async muteAuthor(userId: string, id: string): Promise<MutedMember[]> {
      const post = await existing(id);
      if (post.userId === userId) {
        throw new AppError('BAD_REQUEST', 'You cannot mute yourself', 400);
      }
      await members.mute(userId, post.userId);
      return mutedList(userId);
    },

    mutes: mutedList,

    async unmute(userId: string, mutedUserId: string): Promise<MutedMember[]> {
      await members.unmute(userId, mutedUserId);
      return mutedList(userId);
    },
  };
}
export type PostsService = ReturnType<typeof postsService>;
