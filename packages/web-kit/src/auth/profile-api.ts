import { queryOptions } from '@tanstack/react-query';
import { API, userProfileSchema, type UserProfile } from '@levelup/contracts';
import { callOr401, queryKeyOf } from '../api/call.ts';

export const profileQueryKey = queryKeyOf(API.getProfile);

/** The signed-in user's profile; 401 means signed out and gives null. */
export async function fetchProfile(): Promise<UserProfile | null> {
  const body = await callOr401(API.getProfile, 'returnNull');
  return body === null ? null : userProfileSchema.parse(body);
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: fetchProfile,
});
