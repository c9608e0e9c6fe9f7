import {
  API,
  createMeetupRequestSchema,
  updateMeetupJoinUrlRequestSchema,
  type CreateMeetupRequestInput,
  type Meetup,
} from '@levelup/contracts';
import { call, queryKeyOf, queryOf } from '@levelup/web-kit';

export const meetupsQueryKey = queryKeyOf(API.listMeetups);

export const meetupsQueryOptions = queryOf(API.listMeetups);

/** Admins only (the server answers 403 to members). */
export async function createMeetup(input: CreateMeetupRequestInput): Promise<Meetup> {
  return await call(API.createMeetup, { body: createMeetupRequestSchema.parse(input) });
}

/** Join Meetup: an RSVP, once per member. */
export async function rsvpMeetup(id: string): Promise<Meetup> {
  return await call(API.rsvpMeetup, { params: { id } });
}

/** Can't make it: takes the member's RSVP back (harmless if already taken back). */
export async function cancelMeetupRsvp(id: string): Promise<Meetup> {
  return await call(API.cancelMeetupRsvp, { params: { id } });
}

/** Admins only: set, change or (null) remove a meetup's meeting link. */
export async function updateMeetupJoinUrl(input: {
  id: string;
  joinUrl: string | null;
}): Promise<Meetup> {
  return await call(API.updateMeetupJoinUrl, {
    params: { id: input.id },
    body: updateMeetupJoinUrlRequestSchema.parse({ joinUrl: input.joinUrl }),
  });
}
