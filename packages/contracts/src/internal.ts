import { z } from 'zod';
import type { ApiOperation } from './api.ts';
import { calendarEntriesQuerySchema, calendarEntriesResponseSchema } from './calendar-feed/feed.ts';

/**
 * Calls between the parts of the app, never reached from a browser: the gateway routes no path under
 * this prefix, and each call carries the internal signature of the service it is addressed to.
 */
export const INTERNAL_PREFIX = '/internal';

/** One service-to-service call: an operation like the API's, plus the service that serves it (and signs for it). */
export interface InternalOperation extends ApiOperation {
  service: 'svc-identity' | 'svc-quests' | 'svc-goals' | 'svc-community' | 'svc-feedback';
}

/** A field of svc-identity's session answer is never longer than this; a longer one is nobody's. */
const MAX_SESSION_FIELD = 200;

/**
 * The signed-in session behind a browser's cookie: the user, their role (only an explicit 'admin' is
 * one; anything else reads as a member) and the session's hash, which an identity.session_revoked
 * event names.
 */
export const sessionRefSchema = z.object({
  userId: z.string().min(1).max(MAX_SESSION_FIELD),
  role: z.enum(['member', 'admin']).catch('member'),
  sessionHash: z.string().max(MAX_SESSION_FIELD).optional().catch(undefined),
});
export type SessionRef = z.infer<typeof sessionRefSchema>;

/**
 * Every internal call, as `API` is every public one: `mountInternal` serves an entry (its signature
 * checked first), `callInternal` and `internalRequest` make one. `git grep INTERNAL.sessionOf` lands
 * on both ends.
 */
export const INTERNAL = {
  /**
   * The gateway sends the browser's session cookies and learns whose session it is: 401 when the
   * cookies hold no live session.
   */
  sessionOf: {
    service: 'svc-identity',
    method: 'GET',
    path: `${INTERNAL_PREFIX}/session`,
    response: sessionRefSchema,
  },
  /** svc-quests' calendar feed asks which body-doubling sessions and meetups a user is part of. */
  calendarEntries: {
    service: 'svc-community',
    method: 'GET',
    path: `${INTERNAL_PREFIX}/calendar-entries`,
    query: calendarEntriesQuerySchema,
    response: calendarEntriesResponseSchema,
  },
} as const satisfies Record<string, InternalOperation>;
export type InternalOperationName = keyof typeof INTERNAL;
