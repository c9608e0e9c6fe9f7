import type { z } from 'zod';
import { defineEvent, STREAMS, type StreamName } from './envelope.ts';
import {
  lifeTaskCompletedEventDataSchema,
  lifeTaskUncompletedEventDataSchema,
  occurrenceScheduledEventDataSchema,
  questXpEventDataSchema,
  seriesEventDataSchema,
} from './quests.ts';
import {
  sessionRevokedEventDataSchema,
  userRegisteredEventDataSchema,
  userRenamedEventDataSchema,
} from './identity.ts';
import {
  goalEventDataSchema,
  goalProgressEventDataSchema,
  talentUnlockedEventDataSchema,
} from './goals.ts';
import {
  reminderCancelledEventDataSchema,
  reminderScheduledEventDataSchema,
} from '../reminders/reminders.ts';
import { coFocusEventDataSchema } from '../community/rooms.ts';

// ---------------------------------------------------------------------------------------------------
// Every event the services exchange, by name: its type (which is its NATS subject), the stream of the
// domain that publishes it, and the schema of its data. Producers publish by entry
// (`makeEvent(EVENTS.questCompleted.type, ...)`), consumers subscribe by entry (service-kit's
// `subscribe`, which derives the subject filter and validates each event once with the entry's
// schema), so `git grep EVENTS.questCompleted` lands on the producer and every consumer. Type strings
// are written here and nowhere else in product code (scripts/event-literals.test.ts).

function entry<const T extends string, D extends z.ZodType>(
  type: T,
  stream: StreamName,
  data: D,
  summary: string,
) {
  return { type, stream, data, schema: defineEvent([type], data), summary };
}

export const EVENTS = {
  // svc-quests: XP moved by a quest or an occurrence
  questCompleted: entry(
    'quests.completed',
    'QUESTS',
    questXpEventDataSchema,
    'A quest or an occurrence completed: its XP is earned.',
  ),
  questPartial: entry(
    'quests.partial',
    'QUESTS',
    questXpEventDataSchema,
    'A quest or an occurrence partly completed ("Kinda Sorta"): half its XP.',
  ),
  questRevoked: entry(
    'quests.revoked',
    'QUESTS',
    questXpEventDataSchema,
    'A completion taken back: its XP is returned (negative xpDelta).',
  ),
  lifeTaskCompleted: entry(
    'quests.life_task_completed',
    'QUESTS',
    lifeTaskCompletedEventDataSchema,
    'A life task checked off: its maintenance XP.',
  ),
  lifeTaskUncompleted: entry(
    'quests.life_task_uncompleted',
    'QUESTS',
    lifeTaskUncompletedEventDataSchema,
    "A life task's check-off undone: exactly the XP that completion earned, back.",
  ),
  seriesCreated: entry(
    'quests.series_created',
    'QUESTS',
    seriesEventDataSchema,
    'A recurring series created (svc-goals keeps a read model of series).',
  ),
  seriesChanged: entry(
    'quests.series_changed',
    'QUESTS',
    seriesEventDataSchema,
    'A recurring series edited, paused or resumed.',
  ),
  seriesDeleted: entry(
    'quests.series_deleted',
    'QUESTS',
    seriesEventDataSchema,
    'A recurring series deleted.',
  ),
  occurrenceScheduled: entry(
    'quests.occurrence_scheduled',
    'QUESTS',
    occurrenceScheduledEventDataSchema,
    "A series' occurrence materialised for a local day.",
  ),
  questReminderScheduled: entry(
    'quests.reminder_scheduled',
    'QUESTS',
    reminderScheduledEventDataSchema,
    'A quest or life task reminder due at a time.',
  ),
  questReminderCancelled: entry(
    'quests.reminder_cancelled',
    'QUESTS',
    reminderCancelledEventDataSchema,
    "A quest's or life task's reminder no longer due.",
  ),
  // svc-identity
  userRegistered: entry(
    'identity.user_registered',
    'IDENTITY',
    userRegisteredEventDataSchema,
    'A new account, with its names and time zone.',
  ),
  userRenamed: entry(
    'identity.user_renamed',
    'IDENTITY',
    userRenamedEventDataSchema,
    'Names or time zone changed on the profile.',
  ),
  sessionRevoked: entry(
    'identity.session_revoked',
    'IDENTITY',
    sessionRevokedEventDataSchema,
    'A session ended before its time: every gateway drops it from its cache.',
  ),
  // svc-goals
  goalCreated: entry(
    'goals.created',
    'GOALS',
    goalEventDataSchema,
    'A goal created, as it is now.',
  ),
  goalChanged: entry(
    'goals.changed',
    'GOALS',
    goalEventDataSchema,
    'A goal edited, progressed or deleted, as it is now.',
  ),
  goalCompleted: entry(
    'goals.completed',
    'GOALS',
    goalEventDataSchema,
    'A goal that reached its target, as it is now.',
  ),
  goalProgressed: entry(
    'goals.progressed',
    'GOALS',
    goalProgressEventDataSchema,
    'XP moved on a goal (one row of its progress history).',
  ),
  talentUnlocked: entry(
    'goals.talent_unlocked',
    'GOALS',
    talentUnlockedEventDataSchema,
    'A talent node unlocked.',
  ),
  // svc-community
  sessionReminderScheduled: entry(
    'community.reminder_scheduled',
    'COMMUNITY',
    reminderScheduledEventDataSchema,
    'A joined focus session or meetup reminder due at a time.',
  ),
  sessionReminderCancelled: entry(
    'community.reminder_cancelled',
    'COMMUNITY',
    reminderCancelledEventDataSchema,
    "A focus session's or meetup's reminder no longer due.",
  ),
  coFocusAwarded: entry(
    'community.co_focus.awarded',
    'COMMUNITY',
    coFocusEventDataSchema,
    'The co-focus bonus for a completion made while present in a room.',
  ),
  coFocusRevoked: entry(
    'community.co_focus.revoked',
    'COMMUNITY',
    coFocusEventDataSchema,
    'The co-focus bonus returned when that completion is undone.',
  ),
} as const;

export type EventName = keyof typeof EVENTS;
type Entry = (typeof EVENTS)[EventName];
export type EventEntry = Entry;

/** Every known event type and its data, derived from the table. */
export type EventDataMap = {
  [K in EventName as (typeof EVENTS)[K]['type']]: z.infer<(typeof EVENTS)[K]['data']>;
};
export type EventType = keyof EventDataMap;

const byType = new Map<string, Entry>(Object.values(EVENTS).map((e) => [e.type, e]));

/** The table entry of an event type, or undefined for a type no service publishes. */
export function eventEntryOf(type: string): Entry | undefined {
  return byType.get(type);
}

/**
 * The one subject filter that delivers every one of `entries` and as little else as one filter can: the
 * type itself for one, else their common dotted prefix followed by '>' ('community.co_focus.>').
 * Entries of different streams cannot share a consumer.
 */
export function subjectFilterOf(entries: readonly Pick<Entry, 'type' | 'stream'>[]): {
  stream: StreamName;
  filterSubject: string;
} {
  const [first] = entries;
  if (!first) throw new Error('subjectFilterOf needs at least one event');
  const stream = first.stream;
  if (entries.some((e) => e.stream !== stream))
    throw new Error(`events of several streams: ${entries.map((e) => e.type).join(', ')}`);
  if (entries.every((e) => e.type === first.type)) return { stream, filterSubject: first.type };
  let common = first.type.split('.');
  for (const { type } of entries) {
    const tokens = type.split('.');
    let same = 0;
    while (same < common.length && same < tokens.length - 1 && common[same] === tokens[same])
      same += 1;
    common = common.slice(0, same);
  }
  return { stream, filterSubject: [...common, '>'].join('.') };
}

/** The subject filter of everything a stream holds ('quests.>'). */
export function streamFilterOf(stream: StreamName): string {
  return STREAMS[stream].subjects[0];
}
