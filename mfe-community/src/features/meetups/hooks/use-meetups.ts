import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOf, useProfile, useToast } from '@levelup/web-kit';
import {
  cancelMeetupRsvp,
  createMeetup,
  meetupsQueryKey,
  rsvpMeetup,
  updateMeetupJoinUrl,
} from '../api/meetups-api.ts';

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

/** Can't make it: the RSVP is taken back and the list re-read (the count and the link change). */
export function useCancelRsvp() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: cancelMeetupRsvp,
    onSuccess: (meetup) => {
      toast.success({
        title: 'Thanks for letting us know',
        description: `You're no longer going to ${meetup.title}.`,
      });
      return queryClient.invalidateQueries({ queryKey: meetupsQueryKey });
    },
    onError: (error) =>
      toast.error({
        title: 'Could not update your RSVP',
        description: serverMessageOf(error, 'Please try again.'),
      }),
  });
}

/** Admins: the meeting link of one meetup. */
export function useUpdateJoinUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMeetupJoinUrl,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetupsQueryKey }),
  });
}

/** The zone the member reads times in: their profile's, else the browser's while it loads. */
export function useViewerTimeZone(): string {
  return useProfile().data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
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
