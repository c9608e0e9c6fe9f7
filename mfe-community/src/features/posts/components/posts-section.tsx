import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import { postsQueryOptions } from '../api/posts-api.ts';
import { PostCard } from './post-card.tsx';
import { PostComposer } from './post-composer.tsx';

/** The composer and the posts list with its loading, error and empty texts. */
export function PostsSection() {
  const posts = useQuery(postsQueryOptions);
  const now = new Date();
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <PostComposer />
      {posts.isPending ? (
        <p role="status">Loading community posts...</p>
      ) : posts.isError ? (
        <p role="alert">Failed to fetch posts</p>
      ) : posts.data.length === 0 ? (
        <Card>
          <p style={{ margin: 0, textAlign: 'center' }}>
            No posts yet. Be the first to share with the community!
          </p>
        </Card>
      ) : (
        <ul
          aria-label="Community posts"
          style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 }}
        >
          {posts.data.map((post) => (
            <li key={post.id}>
              <PostCard post={post} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
