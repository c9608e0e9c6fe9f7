import { queryOptions } from '@tanstack/react-query';
import { API, type PostReport } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

/** Reported posts, newest first; admins only (a member gets 403). */
export const postReportsQueryOptions = queryOptions({
  queryKey: queryKeyOf(API.listPostReports),
  queryFn: async (): Promise<PostReport[]> => await call(API.listPostReports),
});
