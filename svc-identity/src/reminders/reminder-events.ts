import {
  EVENTS,
  REMINDER_CANCELLED_EVENT_TYPES,
  REMINDER_SCHEDULED_EVENT_TYPES,
  type EventEnvelope,
  type QuestXpEventData,
  type ReminderCancelledEventData,
  type ReminderScheduledEventData,
} from '@levelup/contracts';
import type { RemindersRepository } from './repository.ts';

/** Durable consumer names shared by every svc-identity instance. */
export const REMINDER_QUESTS_CONSUMER = 'svc-identity-reminders';
export const REMINDER_COMMUNITY_CONSUMER = 'svc-identity-reminders-community';

const scheduledTypes: readonly string[] = REMINDER_SCHEDULED_EVENT_TYPES;
const cancelledTypes: readonly string[] = REMINDER_CANCELLED_EVENT_TYPES;
const completionTypes: readonly string[] = [EVENTS.questCompleted.type, EVENTS.questPartial.type];

/** What moves reminders in svc-quests' stream: its reminders, and completions that cancel one. */
export const REMINDER_QUESTS_EVENTS = [
  EVENTS.questReminderScheduled,
  EVENTS.questReminderCancelled,
  EVENTS.questCompleted,
  EVENTS.questPartial,
  EVENTS.lifeTaskCompleted,
] as const;
/** svc-community's session and meetup reminders. */
export const REMINDER_COMMUNITY_EVENTS = [
  EVENTS.sessionReminderScheduled,
  EVENTS.sessionReminderCancelled,
] as const;

/**
 * Whether a completion must cancel the item's pending reminder. A completion cancels it; an item that
 * cannot have one (svc-quests marks an occurrence or a quest without a scheduled time `remindable:
 * false`) needs no write. Events published before the field existed lack it, so absent means cancel.
 */
const completionMayCancel = (data: QuestXpEventData) => data.remindable !== false;

/**
 * Applies the events that schedule and cancel reminders. The owning services publish
 * `*.reminder_scheduled` and `*.reminder_cancelled`; a completion (`quests.completed`, a partial one, a
 * life task checked off) cancels that item's pending reminder here as well, so completing never needs
 * a second event. Every change is conditional on the event's time, so redelivery changes nothing.
 */
export function reminderEventHandler(reminders: RemindersRepository) {
  return async (event: EventEnvelope): Promise<void> => {
    const at = new Date(event.occurredAt);
    if (scheduledTypes.includes(event.type)) {
      const data = event.data as ReminderScheduledEventData;
      await reminders.schedule({ ...data, dueAt: new Date(data.dueAt) }, at);
    } else if (cancelledTypes.includes(event.type)) {
      const data = event.data as ReminderCancelledEventData;
      await reminders.cancel(data.userId, data.itemId, at);
    } else if (completionTypes.includes(event.type)) {
      const data = event.data as unknown as QuestXpEventData;
      if (!completionMayCancel(data)) return;
      await reminders.cancel(data.userId, data.occurrenceId ?? data.questId, at, true);
    } else if (event.type === EVENTS.lifeTaskCompleted.type) {
      const data = event.data as { userId: string; lifeTaskId: string };
      await reminders.cancel(data.userId, data.lifeTaskId, at, true);
    }
  };
}
