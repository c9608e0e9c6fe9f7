import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { relativeTime } from '@levelup/contracts';
import { commentsQueryOptions } from '../api/posts-api.ts';
import { useAddComment } from '../hooks/use-post-actions.ts';

/** A post's comments, oldest first, and a box to add one; the card's comment count is the true number. */
export function CommentsPanel({ postId }: { postId: string }) {
  const comments = useQuery(commentsQueryOptions(postId));
  const add = useAddComment(postId);
  const [content, setContent] = useState('');
  const now = new Date();
  return (
    <section aria-label="Comments" style={{ marginTop: 12, display: 'grid', gap: 8 }}>
      {comments.isPending ? (
        <p role="status">Loading comments...</p>
      ) : comments.isError ? (
        <p role="alert">Failed to load comments</p>
      ) : comments.data.length === 0 ? (
        <p style={{ margin: 0, opacity: 0.8 }}>No comments yet.</p>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
          {comments.data.map((comment) => (
            <li key={comment.id}>
              <strong>{comment.author.displayName ?? 'Anonymous User'}</strong>{' '}
              <span style={{ opacity: 0.8, fontSize: 12 }}>
                {relativeTime(comment.createdAt, now)}
              </span>
              <div style={{ whiteSpace: 'pre-wrap' }}>{comment.content}</div>
            </li>
          ))}
        </ul>
      )}
      <form
        style={{ display: 'flex', gap: 8 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (content.trim() && !add.isPending)
            add.mutate(content, { onSuccess: () => setContent('') });
        }}
      >
        <Input
          aria-label="Write a comment"
          placeholder="Write a comment..."
          value={content}
          onChange={(event) => setContent(event.target.value)}
          maxLength={1000}
        />
        <Button htmlType="submit" disabled={!content.trim() || add.isPending}>
          Comment
        </Button>
      </form>
    </section>
  );
}
