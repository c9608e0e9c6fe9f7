import { EVENTS, makeEvent, type EventEnvelope } from '@levelup/contracts';
import type { SessionDoc } from './models.ts';

/** A member who said "Remind Me" is reminded this long before the session starts. */
export const SESSION_REMINDER_LEAD_MS = 10 * 60_000;

/** The reminder of one member for a session (svc-identity delivers it), keyed by the start time. */
export function sessionReminderScheduled(
  session: Pick<SessionDoc, '_id' | 'title' | 'startTime'>,
  userId: string,
  now: Date,
): EventEnvelope {
  const start = new Date(session.startTime);
  return makeEvent(
    EVENTS.sessionReminderScheduled.type,
    {
      userId,
      kind: 'session',
      itemId: session._id.toString(),
      occurrence: start.toISOString(),
      dueAt: new Date(start.getTime() - SESSION_REMINDER_LEAD_MS).toISOString(),
      title: session.title,
    },
    { now },
  );
}

/** Un-reminded, or the session cancelled: the member's reminder goes. */
export function sessionReminderCancelled(
  session: Pick<SessionDoc, '_id'>,
  userId: string,
  now: Date,
): EventEnvelope {
  return makeEvent(
    EVENTS.sessionReminderCancelled.type,
    { userId, kind: 'session', itemId: session._id.toString() },
    { now },
  );
}
