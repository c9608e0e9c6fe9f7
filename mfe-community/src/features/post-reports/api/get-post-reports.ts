import { queryOptions } from '@tanstack/react-query';
import { postReportListResponseSchema, type PostReport } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/** GET /api/community/reports: reported posts, newest first; admins only (a member gets 403). */
export const postReportsQueryOptions = queryOptions({
  queryKey: ['/api/community/reports'] as const,
  queryFn: async (): Promise<PostReport[]> =>
    postReportListResponseSchema.parse(await apiGet<unknown>('/api/community/reports')),
});
