import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { PageHeader } from '@levelup/web-kit';
import { postsQueryOptions } from '../api/posts-api.ts';

/** Post type labels (core.md section 2, Community screen). */
const typeLabels = { win: 'Win', struggle: 'Support Needed', support: 'Support' } as const;

/** /community: the posts list; sharing and likes come with the community feature. */
export function CommunityPage() {
  const posts = useQuery(postsQueryOptions);
  return (
    <>
      <PageHeader
        title="Community"
        subtitle="Share wins, ask for support and cheer each other on."
      />
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
          style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 12 }}
        >
          {posts.data.map((post) => (
            <li key={post.id}>
              <Card
                size="small"
                title={post.author?.displayName ?? 'Anonymous User'}
                extra={<Tag>{typeLabels[post.type] ?? post.type}</Tag>}
              >
                <p style={{ margin: 0 }}>{post.content}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
