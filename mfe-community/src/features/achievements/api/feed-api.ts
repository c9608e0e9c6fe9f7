import { queryOptions } from '@tanstack/react-query';
import { API, FEED_DEFAULT_LIMIT, type CommunityFeedItem } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** The feed's reads all start with this key, whatever their limit. */
export const FEED_QUERY_KEY = queryKeyOf(API.communityFeed);

/** The community feed's latest `limit` (default 10) completions, no retry. */
export const communityFeedQueryOptions = (limit: number = FEED_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: [...FEED_QUERY_KEY, limit],
    queryFn: async (): Promise<CommunityFeedItem[]> =>
      await call(API.communityFeed, { query: { limit } }),
    retry: false,
  });
