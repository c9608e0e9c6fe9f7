import { queryOptions } from '@tanstack/react-query';
import {
  createMeetupRequestSchema,
  meetupListResponseSchema,
  meetupSchema,
  type CreateMeetupRequestInput,
  type Meetup,
  type MeetupListResponse,
} from '@levelup/contracts';
import { apiGet, apiRequest } from '@levelup/web-kit';

export const meetupsQueryKey = ['/api/meetups'] as const;

export const meetupsQueryOptions = queryOptions({
  queryKey: meetupsQueryKey,
  queryFn: async (): Promise<MeetupListResponse> =>
    meetupListResponseSchema.parse(await apiGet<unknown>('/api/meetups')),
});

/** Admins only (the server answers 403 to members). */
export async function createMeetup(input: CreateMeetupRequestInput): Promise<Meetup> {
  return meetupSchema.parse(
    await apiRequest('POST', '/api/meetups', createMeetupRequestSchema.parse(input)),
  );
}

/** Join Meetup: an RSVP, once per member. */
export async function rsvpMeetup(id: string): Promise<Meetup> {
  return meetupSchema.parse(
    await apiRequest('POST', `/api/meetups/${encodeURIComponent(id)}/rsvp`),
  );
}
