import { EVENTS, makeEvent, type EventEnvelope } from '@levelup/contracts';
import type { QuestDoc } from './models.ts';

type ReminderFields = Pick<QuestDoc, 'userId' | 'title' | 'scheduledTime' | 'isCompleted'> & {
  _id: { toString(): string };
};

/**
 * The reminder event a quest's state calls for: a quest with a scheduled time and not yet done is
 * reminded at that time (svc-identity delivers it); otherwise whatever reminder it had is cancelled.
 * The scheduled time is the occurrence key, so moving the quest replaces its reminder.
 */
export function questReminderEvent(
  quest: ReminderFields,
  now: Date,
  requestId?: string | undefined,
): EventEnvelope {
  const base = { userId: quest.userId, kind: 'quest' as const, itemId: quest._id.toString() };
  if (!quest.scheduledTime || quest.isCompleted) {
    return makeEvent(EVENTS.questReminderCancelled.type, base, { now, requestId });
  }
  const dueAt = new Date(quest.scheduledTime).toISOString();
  return makeEvent(
    EVENTS.questReminderScheduled.type,
    { ...base, occurrence: dueAt, dueAt, title: quest.title },
    { now, requestId },
  );
}

/**
 * Un-completing a quest whose scheduled time is still ahead brings its reminder back: the completion
 * cancelled it (svc-identity cancels an item's reminder when it is completed). Null for any other
 * change, and when the time has passed (a reminder then would only arrive late).
 */
export function reminderAfterUndo(
  quest: ReminderFields,
  event: EventEnvelope | null,
): EventEnvelope | null {
  if (event?.type !== EVENTS.questRevoked.type || !quest.scheduledTime) return null;
  const now = new Date(event.occurredAt);
  if (new Date(quest.scheduledTime).getTime() <= now.getTime()) return null;
  return questReminderEvent({ ...quest, isCompleted: false }, now, event.requestId);
}
