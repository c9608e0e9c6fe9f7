import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOf, useProfile, useToast } from '@levelup/web-kit';
import { createMeetup, meetupsQueryKey, rsvpMeetup } from '../api/meetups-api.ts';

export function useRsvp() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: rsvpMeetup,
    onSuccess: (meetup) => {
      toast.success({ title: "You're in!", description: `See you at ${meetup.title}.` });
      return queryClient.invalidateQueries({ queryKey: meetupsQueryKey });
    },
    onError: (error) =>
      toast.error({
        title: 'Could not join the meetup',
        description: serverMessageOf(error, 'Please try again.'),
      }),
  });
}

export function useCreateMeetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMeetup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetupsQueryKey }),
  });
}

/** Whether the signed-in member is an admin (the profile's role; the server refuses members anyway). */
export function useIsAdmin(): boolean {
  return useProfile().data?.role === 'admin';
}
