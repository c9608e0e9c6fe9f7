import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from './profile-api.ts';

/** The signed-in user's profile; null when signed out. */
export function useProfile() {
  return useQuery(profileQueryOptions);
}
