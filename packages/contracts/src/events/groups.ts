import type { z } from 'zod';
import type { CompletionType } from '../quests/enums.ts';
import { coFocusEventDataSchema } from '../community/rooms.ts';
import {
  reminderCancelledEventDataSchema,
  reminderScheduledEventDataSchema,
} from '../reminders/reminders.ts';
import { defineEvent } from './envelope.ts';
import { goalEventDataSchema } from './goals.ts';
import { questXpEventDataSchema, seriesEventDataSchema } from './quests.ts';
import { EVENTS } from './table.ts';

// Events that share one data shape, grouped for the consumers that read them alike, and the envelope
// schema of each event or group. All derived from the EVENTS table: no type is spelled here.

/** XP moved by a quest or an occurrence: completed, partly completed, taken back. */
export const QUEST_XP_EVENT_TYPES = [
  EVENTS.questCompleted.type,
  EVENTS.questPartial.type,
  EVENTS.questRevoked.type,
] as const;
export type QuestXpEventType = (typeof QUEST_XP_EVENT_TYPES)[number];

/** The event a move to `completionType` publishes: completed, partial, or revoked when back to not completed. */
export function questXpEventTypeFor(completionType: CompletionType): QuestXpEventType {
  if (completionType === 'completed') return EVENTS.questCompleted.type;
  if (completionType === 'partial') return EVENTS.questPartial.type;
  return EVENTS.questRevoked.type;
}
export const questXpEventSchema = defineEvent(QUEST_XP_EVENT_TYPES, questXpEventDataSchema);
export type QuestXpEvent = z.infer<typeof questXpEventSchema>;

export const lifeTaskCompletedEventSchema = EVENTS.lifeTaskCompleted.schema;
export type LifeTaskCompletedEvent = z.infer<typeof lifeTaskCompletedEventSchema>;
export const lifeTaskUncompletedEventSchema = EVENTS.lifeTaskUncompleted.schema;
export type LifeTaskUncompletedEvent = z.infer<typeof lifeTaskUncompletedEventSchema>;

export const SERIES_EVENT_TYPES = [
  EVENTS.seriesCreated.type,
  EVENTS.seriesChanged.type,
  EVENTS.seriesDeleted.type,
] as const;
export type SeriesEventType = (typeof SERIES_EVENT_TYPES)[number];
export const seriesEventSchema = defineEvent(SERIES_EVENT_TYPES, seriesEventDataSchema);
export type SeriesEvent = z.infer<typeof seriesEventSchema>;

export const occurrenceScheduledEventSchema = EVENTS.occurrenceScheduled.schema;
export type OccurrenceScheduledEvent = z.infer<typeof occurrenceScheduledEventSchema>;

export const userRegisteredEventSchema = EVENTS.userRegistered.schema;
export type UserRegisteredEvent = z.infer<typeof userRegisteredEventSchema>;
export const userRenamedEventSchema = EVENTS.userRenamed.schema;
export type UserRenamedEvent = z.infer<typeof userRenamedEventSchema>;
export const sessionRevokedEventSchema = EVENTS.sessionRevoked.schema;
export type SessionRevokedEvent = z.infer<typeof sessionRevokedEventSchema>;

/** A goal as it is after the change. */
export const GOAL_EVENT_TYPES = [
  EVENTS.goalCreated.type,
  EVENTS.goalChanged.type,
  EVENTS.goalCompleted.type,
] as const;
export type GoalEventType = (typeof GOAL_EVENT_TYPES)[number];
export const goalEventSchema = defineEvent(GOAL_EVENT_TYPES, goalEventDataSchema);
export type GoalEvent = z.infer<typeof goalEventSchema>;
export const goalProgressEventSchema = EVENTS.goalProgressed.schema;
export type GoalProgressEvent = z.infer<typeof goalProgressEventSchema>;
export const talentUnlockedEventSchema = EVENTS.talentUnlocked.schema;
export type TalentUnlockedEvent = z.infer<typeof talentUnlockedEventSchema>;

/** Reminders: each service that owns remindable items publishes its own. */
export const REMINDER_SCHEDULED_EVENT_TYPES = [
  EVENTS.questReminderScheduled.type,
  EVENTS.sessionReminderScheduled.type,
] as const;
export const REMINDER_CANCELLED_EVENT_TYPES = [
  EVENTS.questReminderCancelled.type,
  EVENTS.sessionReminderCancelled.type,
] as const;
export const reminderScheduledEventSchema = defineEvent(
  REMINDER_SCHEDULED_EVENT_TYPES,
  reminderScheduledEventDataSchema,
);
export const reminderCancelledEventSchema = defineEvent(
  REMINDER_CANCELLED_EVENT_TYPES,
  reminderCancelledEventDataSchema,
);

export const CO_FOCUS_EVENT_TYPES = [
  EVENTS.coFocusAwarded.type,
  EVENTS.coFocusRevoked.type,
] as const;
export const coFocusEventSchema = defineEvent(CO_FOCUS_EVENT_TYPES, coFocusEventDataSchema);
export type CoFocusEvent = z.infer<typeof coFocusEventSchema>;
