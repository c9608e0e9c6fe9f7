import {
  EVENTS,
  isEventOf,
  isQuestXpEvent,
  isReminderCancelledEvent,
  isReminderScheduledEvent,
  type EventEnvelope,
  type QuestXpEventData,
} from '@levelup/contracts';
import type { RemindersRepository } from './repository.ts';

/** Durable consumer names shared by every svc-identity instance. */
export const REMINDER_QUESTS_CONSUMER = 'svc-identity-reminders';
export const REMINDER_COMMUNITY_CONSUMER = 'svc-identity-reminders-community';

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
    // The bus validated the event with its EVENTS entry's schema.
    if (isReminderScheduledEvent(event)) {
      const { data } = event;
      await reminders.schedule({ ...data, dueAt: new Date(data.dueAt) }, at);
    } else if (isReminderCancelledEvent(event)) {
      await reminders.cancel(event.data.userId, event.data.itemId, at);
    } else if (isQuestXpEvent(event) && event.type !== EVENTS.questRevoked.type) {
      const { data } = event;
      if (!completionMayCancel(data)) return;
      await reminders.cancel(data.userId, data.occurrenceId ?? data.questId, at, true);
    } else if (isEventOf(EVENTS.lifeTaskCompleted, event)) {
      await reminders.cancel(event.data.userId, event.data.lifeTaskId, at, true);
    }
  };
}
