import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API,
  profileUpdateRequestSchema,
  type ProfileUpdateRequest,
  type UserProfile,
} from '@levelup/contracts';
import { call, profileQueryKey, queryKeyOf } from '@levelup/web-kit';

/** Saves the profile; a save refetches the profile and the overview. */
export async function updateProfile(input: ProfileUpdateRequest): Promise<UserProfile> {
  const body = profileUpdateRequestSchema.parse(input);
  return await call(API.updateProfile, { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(API.dashboardOverview) });
    },
  });
}
