import { queryOptions } from '@tanstack/react-query';
import {
  API,
  createSessionRequestSchema,
  sessionSchema,
  type CreateSessionRequestInput,
  type QuickMatchFocusMinutes,
  type Session,
} from '@levelup/contracts';
import { call, queryKeyOf, queryOf } from '@levelup/web-kit';

// Body-doubling sessions on the server.

export const sessionsQueryKey = queryKeyOf(API.listSessions);

export const sessionsQueryOptions = queryOptions({
  ...queryOf(API.listSessions),
  // Live and upcoming follow the clock, and who is in each live room changes: look again every 15 s.
  refetchInterval: 15_000,
});

export async function createSession(input: CreateSessionRequestInput): Promise<Session> {
  return await call(API.createSession, { body: createSessionRequestSchema.parse(input) });
}

export type SessionAction = 'join' | 'leave' | 'cancel' | 'remind' | 'unremind';

/** Join, Leave, Cancel, Remind Me and its undo; each answers the session as it now is. */
export async function sessionAction(id: string, action: SessionAction): Promise<Session> {
  const operations = {
    join: API.joinSession,
    leave: API.leaveSession,
    cancel: API.cancelSession,
    remind: API.remindSession,
    unremind: API.unremindSession,
  } as const;
  return sessionSchema.parse(await call(operations[action], { params: { id } }));
}

/** Start now: joins the next open live session, or starts one (the answer says which). */
export async function quickMatch(focusMinutes: QuickMatchFocusMinutes) {
  return call(API.quickMatch, { body: { focusMinutes } });
}
