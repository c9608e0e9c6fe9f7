import { queryOptions } from '@tanstack/react-query';
import {
  commentListResponseSchema,
  commentSchema,
  createCommentRequestSchema,
  createPostRequestSchema,
  likePostResponseSchema,
  mutedMemberListResponseSchema,
  postListResponseSchema,
  postReportSchema,
  postSchema,
  type Comment,
  type CreatePostRequest,
  type MutedMember,
  type Post,
} from '@levelup/contracts';
import { apiGet, apiRequest } from '@levelup/web-kit';

// core.md section 7 (posts, likes) and, beyond the spec, comments, delete, report and mute (issue 11).

export const postsQueryKey = ['/api/posts'] as const;
export const commentsQueryKey = (postId: string) => ['/api/posts', postId, 'comments'] as const;
export const mutesQueryKey = ['/api/community/mutes'] as const;

const postPath = (id: string, action = '') =>
  `/api/posts/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** GET /api/posts; a failure reads 'Failed to fetch posts' (core.md section 8). */
export const postsQueryOptions = queryOptions({
  queryKey: postsQueryKey,
  queryFn: async (): Promise<Post[]> => {
    try {
      return postListResponseSchema.parse(await apiGet<unknown>('/api/posts'));
    } catch (error) {
      throw new Error('Failed to fetch posts', { cause: error });
    }
  },
});

export async function createPost(input: CreatePostRequest): Promise<Post> {
  return postSchema.parse(
    await apiRequest('POST', '/api/posts', createPostRequestSchema.parse(input)),
  );
}

/** Likes, or unlikes when already liked (one like per member). */
export async function toggleLike(id: string): Promise<Post> {
  return likePostResponseSchema.parse(await apiRequest('POST', postPath(id, 'like')));
}

export async function deletePost(id: string): Promise<void> {
  await apiRequest('DELETE', postPath(id));
}

export async function reportPost(id: string, reason?: string): Promise<void> {
  postReportSchema.parse(
    await apiRequest('POST', postPath(id, 'report'), reason ? { reason } : undefined),
  );
}

export async function muteAuthor(id: string): Promise<MutedMember[]> {
  return mutedMemberListResponseSchema.parse(await apiRequest('POST', postPath(id, 'mute-author')));
}

export const mutesQueryOptions = queryOptions({
  queryKey: mutesQueryKey,
  queryFn: async (): Promise<MutedMember[]> =>
    mutedMemberListResponseSchema.parse(await apiGet<unknown>('/api/community/mutes')),
});

export async function unmute(userId: string): Promise<MutedMember[]> {
  return mutedMemberListResponseSchema.parse(
    await apiRequest('DELETE', `/api/community/mutes/${encodeURIComponent(userId)}`),
  );
}

export const commentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: commentsQueryKey(postId),
    queryFn: async (): Promise<Comment[]> =>
      commentListResponseSchema.parse(await apiGet<unknown>(postPath(postId, 'comments'))),
  });

export async function addComment(postId: string, content: string): Promise<Comment> {
  return commentSchema.parse(
    await apiRequest(
      'POST',
      postPath(postId, 'comments'),
      createCommentRequestSchema.parse({ content }),
    ),
  );
}
