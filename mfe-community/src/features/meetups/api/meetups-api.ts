import { queryOptions } from '@tanstack/react-query';
import {
  API,
  createMeetupRequestSchema,
  meetupListResponseSchema,
  meetupSchema,
  type CreateMeetupRequestInput,
  type Meetup,
  type MeetupListResponse,
} from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

export const meetupsQueryKey = queryKeyOf(API.listMeetups);

export const meetupsQueryOptions = queryOptions({
  queryKey: meetupsQueryKey,
  queryFn: async (): Promise<MeetupListResponse> =>
    meetupListResponseSchema.parse(await call(API.listMeetups)),
});

/** Admins only (the server answers 403 to members). */
export async function createMeetup(input: CreateMeetupRequestInput): Promise<Meetup> {
  return meetupSchema.parse(
    await call(API.createMeetup, { body: createMeetupRequestSchema.parse(input) }),
  );
}

/** Join Meetup: an RSVP, once per member. */
export async function rsvpMeetup(id: string): Promise<Meetup> {
  return meetupSchema.parse(await call(API.rsvpMeetup, { params: { id } }));
}
