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

// Events that share one data shape, grouped for the consumers that read them alike: each group's
// types, its envelope schema and a type guard. All derived from the EVENTS table (a single event is
// read by its entry: EVENTS.x.schema, EventOf<'x'>, isEventOf(EVENTS.x, event)).

/** A group of events sharing `data`: its types, the envelope schema of any of them, and a guard. */
function group<const T extends readonly [string, ...string[]], D extends z.ZodType>(
  types: T,
  data: D,
) {
  const schema = defineEvent(types, data);
  const members = new Set<string>(types);
  return {
    types,
    schema,
    /** Whether the event is one of the group's (a check of its type; the bus validated its data). */
    has: (event: { type: string }): event is z.infer<typeof schema> => members.has(event.type),
  };
}

const questXp = group(
  [EVENTS.questCompleted.type, EVENTS.questPartial.type, EVENTS.questRevoked.type],
  questXpEventDataSchema,
);
const series = group(
  [EVENTS.seriesCreated.type, EVENTS.seriesChanged.type, EVENTS.seriesDeleted.type],
  seriesEventDataSchema,
);
const goal = group(
  [EVENTS.goalCreated.type, EVENTS.goalChanged.type, EVENTS.goalCompleted.type],
  goalEventDataSchema,
);
/** Reminders: each service that owns remindable items publishes its own. */
const reminderScheduled = group(
  [EVENTS.questReminderScheduled.type, EVENTS.sessionReminderScheduled.type],
  reminderScheduledEventDataSchema,
);
const reminderCancelled = group(
  [EVENTS.questReminderCancelled.type, EVENTS.sessionReminderCancelled.type],
  reminderCancelledEventDataSchema,
);
const coFocus = group(
  [EVENTS.coFocusAwarded.type, EVENTS.coFocusRevoked.type],
  coFocusEventDataSchema,
);

/** XP moved by a quest or an occurrence: completed, partly completed, taken back. */
export const QUEST_XP_EVENT_TYPES = questXp.types;
export type QuestXpEventType = (typeof QUEST_XP_EVENT_TYPES)[number];
export const questXpEventSchema = questXp.schema;
export type QuestXpEvent = z.infer<typeof questXpEventSchema>;
export const isQuestXpEvent = questXp.has;

/** The event a move to `completionType` publishes: completed, partial, or revoked when back to not completed. */
export function questXpEventTypeFor(completionType: CompletionType): QuestXpEventType {
  if (completionType === 'completed') return EVENTS.questCompleted.type;
  if (completionType === 'partial') return EVENTS.questPartial.type;
  return EVENTS.questRevoked.type;
}

/** A recurring series as it is after the change. */
export const seriesEventSchema = series.schema;
export const isSeriesEvent = series.has;

/** A goal as it is after the change. */
export type GoalEventType = (typeof goal.types)[number];
export const goalEventSchema = goal.schema;
export const isGoalEvent = goal.has;

export const isReminderScheduledEvent = reminderScheduled.has;
export const isReminderCancelledEvent = reminderCancelled.has;

export const CO_FOCUS_EVENT_TYPES = coFocus.types;
export type CoFocusEvent = z.infer<typeof coFocus.schema>;
export const isCoFocusEvent = coFocus.has;
