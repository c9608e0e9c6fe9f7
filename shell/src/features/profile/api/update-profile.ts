import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  profileUpdateRequestSchema,
  userProfileSchema,
  type ProfileUpdateRequest,
  type UserProfile,
} from '@levelup/contracts';
import { apiRequest, profileQueryKey } from '@levelup/web-kit';

/** PATCH /api/user/profile (core.md section 7); a save refetches the profile and the overview (section 8). */
export async function updateProfile(input: ProfileUpdateRequest): Promise<UserProfile> {
  const body = profileUpdateRequestSchema.parse(input);
  return userProfileSchema.parse(await apiRequest('PATCH', '/api/user/profile', body));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard/overview'] });
    },
  });
}
