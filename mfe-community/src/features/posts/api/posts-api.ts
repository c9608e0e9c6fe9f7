import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@levelup/web-kit';

/** A post as the community screen reads it (core.md section 3, Post). */
export interface PostSummary {
  id: string;
  content: string;
  type: 'win' | 'struggle' | 'support';
  likes: number;
  createdAt: string;
  author?: { displayName?: string | null } | null;
}

/** GET /api/posts. */
export async function fetchPosts(): Promise<PostSummary[]> {
  const posts = await apiGet<unknown>('/api/posts');
  return Array.isArray(posts) ? (posts as PostSummary[]) : [];
}

export const postsQueryOptions = queryOptions({ queryKey: ['/api/posts'], queryFn: fetchPosts });
