import { queryOptions } from '@tanstack/react-query';
import {
  FEED_DEFAULT_LIMIT,
  communityFeedResponseSchema,
  type CommunityFeedItem,
} from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/** GET /api/community/feed?limit (default 10), no retry (core.md section 7). */
export const communityFeedQueryOptions = (limit: number = FEED_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: ['/api/community/feed', limit],
    queryFn: async (): Promise<CommunityFeedItem[]> =>
      communityFeedResponseSchema.parse(
        await apiGet<unknown>(`/api/community/feed?limit=${limit}`),
      ),
    retry: false,
  });
