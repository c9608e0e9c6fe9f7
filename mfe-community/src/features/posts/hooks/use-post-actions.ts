import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ALREADY_REPORTED_MESSAGE, API, type Post } from '@levelup/contracts';
import { HttpError, queryKeyOf, serverMessageOf, useToast } from '@levelup/web-kit';
import {
  addComment,
  commentsQueryKey,
  createPost,
  deletePost,
  muteAuthor,
  mutesQueryKey,
  postsQueryKey,
  reportPost,
  toggleLike,
  unmute,
} from '../api/posts-api.ts';

/** A post or a like refreshes the posts list. */
export function usePostActions() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const refreshPosts = () => queryClient.invalidateQueries({ queryKey: postsQueryKey });
  const failed = (title: string) => (error: unknown) =>
    toast.error({ title, description: serverMessageOf(error, 'Please try again.') });

  const share = useMutation({
    mutationFn: createPost,
    onSuccess: refreshPosts,
    onError: failed('Could not share your post'),
  });
  const like = useMutation({
    mutationFn: toggleLike,
    onSuccess: (post: Post) => {
      queryClient.setQueryData<Post[]>(postsQueryKey, (posts) =>
        posts?.map((p) => (p.id === post.id ? post : p)),
      );
      return refreshPosts();
    },
    onError: failed('Could not like the post'),
  });
  const remove = useMutation({
    mutationFn: deletePost,
    onSuccess: refreshPosts,
    onError: failed('Could not delete the post'),
  });
  const report = useMutation({
    mutationFn: reportPost,
    onSuccess: () => {
      toast.success({ title: 'Post reported', description: 'Thanks - an admin will take a look.' });
      return refreshPosts();
    },
    onError: (error: unknown) => {
      if (!(error instanceof HttpError && error.status === 409))
        return failed('Could not report the post')(error);
      alreadyReported();
      void refreshPosts();
    },
  });
  /** A second report of a post: said, never sent again. */
  const alreadyReported = () =>
    toast.info({
      title: 'Already reported',
      description: `${ALREADY_REPORTED_MESSAGE}. An admin will take a look.`,
    });
  const mute = useMutation({
    mutationFn: muteAuthor,
    onSuccess: async () => {
      toast.success({ title: 'Member muted', description: 'Their posts no longer show for you.' });
      await Promise.all([
        refreshPosts(),
        queryClient.invalidateQueries({ queryKey: mutesQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(API.communityFeed) }),
      ]);
    },
    onError: failed('Could not mute the member'),
  });
  const unmuteMember = useMutation({
    mutationFn: unmute,
    onSuccess: () =>
      Promise.all([
        refreshPosts(),
        queryClient.invalidateQueries({ queryKey: mutesQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(API.communityFeed) }),
      ]),
    onError: failed('Could not unmute the member'),
  });
  return { share, like, remove, report, alreadyReported, mute, unmuteMember };
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (content: string) => addComment(postId, content),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commentsQueryKey(postId) }),
        queryClient.invalidateQueries({ queryKey: postsQueryKey }),
      ]),
    onError: (error: unknown) =>
      toast.error({
        title: 'Could not add your comment',
        description: serverMessageOf(error, 'Please try again.'),
      }),
  });
}
