import { queryOptions } from '@tanstack/react-query';
import {
  createSessionRequestSchema,
  sessionListResponseSchema,
  sessionSchema,
  type CreateSessionRequestInput,
  type Session,
} from '@levelup/contracts';
import { apiGet, apiRequest } from '@levelup/web-kit';

// Body-doubling sessions on the server (issue 11; sample data in goals-progression-community.md).

export const sessionsQueryKey = ['/api/sessions'] as const;

export const sessionsQueryOptions = queryOptions({
  queryKey: sessionsQueryKey,
  queryFn: async (): Promise<Session[]> =>
    sessionListResponseSchema.parse(await apiGet<unknown>('/api/sessions')),
  // Live and upcoming follow the clock: look again every minute.
  refetchInterval: 60_000,
});

export async function createSession(input: CreateSessionRequestInput): Promise<Session> {
  return sessionSchema.parse(
    await apiRequest('POST', '/api/sessions', createSessionRequestSchema.parse(input)),
  );
}

export type SessionAction = 'join' | 'leave' | 'cancel' | 'remind' | 'unremind';

/** Join, Leave, Cancel, Remind Me and its undo; each answers the session as it now is. */
export async function sessionAction(id: string, action: SessionAction): Promise<Session> {
  const base = `/api/sessions/${encodeURIComponent(id)}`;
  const response =
    action === 'unremind'
      ? await apiRequest('DELETE', `${base}/remind`)
      : await apiRequest('POST', `${base}/${action}`);
  return sessionSchema.parse(response);
}
