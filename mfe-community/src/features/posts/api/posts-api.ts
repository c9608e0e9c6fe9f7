import { queryOptions } from '@tanstack/react-query';
import {
  API,
  createCommentRequestSchema,
  createPostRequestSchema,
  type Comment,
  type CreatePostRequest,
  type MutedMember,
  type Post,
} from '@levelup/contracts';
import { call, queryKeyOf, queryOf } from '@levelup/web-kit';

// Posts and likes, and each post's comments, delete, report and mute.

export const postsQueryKey = queryKeyOf(API.listPosts);
// Under the posts' key, so refreshing the posts refreshes every post's comments too.
export const commentsQueryKey = (postId: string) => [...postsQueryKey, postId, 'comments'] as const;
export const mutesQueryKey = queryKeyOf(API.listMutes);

/** The posts; a failure reads 'Failed to fetch posts'. */
export const postsQueryOptions = queryOptions({
  queryKey: postsQueryKey,
  queryFn: async (): Promise<Post[]> => {
    try {
      return await call(API.listPosts);
    } catch (error) {
      throw new Error('Failed to fetch posts', { cause: error });
    }
  },
});

export async function createPost(input: CreatePostRequest): Promise<Post> {
  return await call(API.createPost, { body: createPostRequestSchema.parse(input) });
}

/** Likes, or unlikes when already liked (one like per member). */
export async function toggleLike(id: string): Promise<Post> {
  return await call(API.likePost, { params: { id } });
}

export async function deletePost(id: string): Promise<void> {
  await call(API.deletePost, { params: { id } });
}

/** Reports a post with its reason; a second report of the same post is 409 (already reported). */
export async function reportPost(input: { id: string; reason: string }): Promise<void> {
  await call(API.reportPost, { params: { id: input.id }, body: { reason: input.reason } });
}

export async function muteAuthor(id: string): Promise<MutedMember[]> {
  return await call(API.muteAuthor, { params: { id } });
}

export const mutesQueryOptions = queryOf(API.listMutes);

export async function unmute(userId: string): Promise<MutedMember[]> {
  return await call(API.unmute, { params: { id: userId } });
}

export const commentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: commentsQueryKey(postId),
    queryFn: async (): Promise<Comment[]> =>
      await call(API.listComments, { params: { id: postId } }),
  });

export async function addComment(postId: string, content: string): Promise<Comment> {
  return await call(API.createComment, {
    params: { id: postId },
    body: createCommentRequestSchema.parse({ content }),
  });
}
