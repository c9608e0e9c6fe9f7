import { isDuplicateKeyError, objectId } from '@levelup/service-kit';
import type { CommunityModels, CommentDoc, PostDoc, ReportDoc } from '../models.ts';

/** Newest first, at most this many (the page shows the latest conversation). */
export const POST_LIST_LIMIT = 100;

const likeId = (postId: string, userId: string) => `${postId}:${userId}`;

export function postsRepository({
  Post,
  PostLike,
  Comment,
  Report,
}: Pick<CommunityModels, 'Post' | 'PostLike' | 'Comment' | 'Report'>) {
  return {
    async create(post: Pick<PostDoc, 'userId' | 'content' | 'type'>): Promise<PostDoc> {
      const doc = await Post.create({ ...post, likes: 0, commentCount: 0 });
      return doc.toObject();
    },

    async find(id: string): Promise<PostDoc | null> {
      const _id = objectId(id);
      return _id ? Post.findById(_id).lean<PostDoc>() : null;
    },

    async listNewest(excludeAuthors: string[]): Promise<PostDoc[]> {
      return Post.find(excludeAuthors.length ? { userId: { $nin: excludeAuthors } } : {})
        .sort({ createdAt: -1, _id: -1 })
        .limit(POST_LIST_LIMIT)
        .lean<PostDoc[]>();
    },

    /** Which of `postIds` the member has liked. */
    async likedBy(userId: string, postIds: string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const likes = await PostLike.find({
        _id: { $in: postIds.map((postId) => likeId(postId, userId)) },
      }).lean();
      return new Set(likes.map((like) => like.postId));
    },

    /**
     * Likes, or unlikes when the like is there. The like row's unique id decides: whoever inserts it
     * adds one, whoever deletes it takes one away, so concurrent calls never count twice.
     */
    async toggleLike(postId: string, userId: string): Promise<PostDoc | null> {
      const _id = likeId(postId, userId);
      let delta: number;
      try {
        await PostLike.create({ _id, postId, userId, createdAt: new Date() });
        delta = 1;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        const { deletedCount } = await PostLike.deleteOne({ _id });
        // Another call removed it first: it took the like away, nothing left to do.
        delta = deletedCount === 1 ? -1 : 0;
      }
      const post = objectId(postId);
      if (!post) return null;
      return delta === 0
        ? Post.findById(post).lean<PostDoc>()
        : Post.findByIdAndUpdate(
            post,
            { $inc: { likes: delta } },
            { returnDocument: 'after' },
          ).lean<PostDoc>();
    },

    async addComment(
      comment: Pick<CommentDoc, 'postId' | 'userId' | 'content'>,
    ): Promise<CommentDoc> {
      const doc = await Comment.create(comment);
      const post = objectId(comment.postId);
      if (post) await Post.updateOne({ _id: post }, { $inc: { commentCount: 1 } });
      return doc.toObject();
    },

    async comments(postId: string): Promise<CommentDoc[]> {
      return Comment.find({ postId }).sort({ createdAt: 1, _id: 1 }).lean<CommentDoc[]>();
    },

    /** The post and what hangs off it (likes, comments); reports stay for the admins. */
    async remove(post: PostDoc): Promise<void> {
      const postId = post._id.toString();
      await Post.deleteOne({ _id: post._id });
      await PostLike.deleteMany({ postId });
      await Comment.deleteMany({ postId });
    },

    /**
     * One report per member and post (its id is the pair): null when this member already reported it,
     * also when two reports race (one inserts, the other meets the key).
     */
    async report(row: Omit<ReportDoc, '_id' | 'createdAt'>): Promise<ReportDoc | null> {
      const _id = likeId(row.postId, row.userId);
      try {
        const result = await Report.updateOne(
          { _id },
          { $setOnInsert: { ...row, createdAt: new Date() } },
          { upsert: true },
        );
        if (result.upsertedCount !== 1) return null;
      } catch (err) {
        if (isDuplicateKeyError(err)) return null;
        throw err;
      }
      return Report.findById(_id).lean<ReportDoc>();
    },

    /** Which of `postIds` the member has reported. */
    async reportedBy(userId: string, postIds: string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const rows = await Report.find({
        _id: { $in: postIds.map((postId) => likeId(postId, userId)) },
      })
        .select({ postId: 1 })
        .lean<Array<{ postId: string }>>();
      return new Set(rows.map((row) => row.postId));
    },

    async reports(): Promise<ReportDoc[]> {
      return Report.find({}).sort({ createdAt: -1 }).limit(200).lean<ReportDoc[]>();
    },
  };
}
export type PostsRepository = ReturnType<typeof postsRepository>;
