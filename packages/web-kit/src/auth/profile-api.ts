import { queryOptions } from '@tanstack/react-query';
import { userProfileSchema, type UserProfile } from '@levelup/contracts';
import { apiGet } from '../api/client.ts';

export const profileQueryKey = ['/api/user/profile'] as const;

/** GET /api/user/profile; 401 means signed out and gives null (core.md section 4, Signed-in state). */
export async function fetchProfile(): Promise<UserProfile | null> {
  const body = await apiGet<unknown>('/api/user/profile', 'returnNull');
  return body === null ? null : userProfileSchema.parse(body);
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: fetchProfile,
});
