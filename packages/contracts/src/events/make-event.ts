import type {
  GoalEventData,
  GoalEventType,
  GoalProgressEventData,
  TalentUnlockedEventData,
} from './goals.ts';
import type {
  SessionRevokedEventData,
  UserRegisteredEventData,
  UserRenamedEventData,
} from './identity.ts';
import type {
  LifeTaskCompletedEventData,
  LifeTaskUncompletedEventData,
  OccurrenceScheduledEventData,
  QuestXpEventData,
  QuestXpEventType,
  SeriesEventData,
  SeriesEventType,
} from './quests.ts';
import { EVENT_VERSION } from './envelope.ts';
import type {
  ReminderCancelledEventData,
  ReminderScheduledEventData,
} from '../reminders/reminders.ts';
import type { CoFocusEventData } from '../community/rooms.ts';

/** Every known event type and its data. */
export type EventDataMap = { [K in QuestXpEventType]: QuestXpEventData } & {
  'quests.life_task_completed': LifeTaskCompletedEventData;
  'quests.life_task_uncompleted': LifeTaskUncompletedEventData;
  'quests.occurrence_scheduled': OccurrenceScheduledEventData;
  'identity.user_registered': UserRegisteredEventData;
  'identity.user_renamed': UserRenamedEventData;
  'identity.session_revoked': SessionRevokedEventData;
  'goals.progressed': GoalProgressEventData;
  'goals.talent_unlocked': TalentUnlockedEventData;
} & { [K in GoalEventType]: GoalEventData } & { [K in SeriesEventType]: SeriesEventData } & {
  'quests.reminder_scheduled': ReminderScheduledEventData;
  'quests.reminder_cancelled': ReminderCancelledEventData;
  'community.reminder_scheduled': ReminderScheduledEventData;
  'community.reminder_cancelled': ReminderCancelledEventData;
  'community.co_focus.awarded': CoFocusEventData;
  'community.co_focus.revoked': CoFocusEventData;
};
export type EventType = keyof EventDataMap;

export interface DomainEvent<K extends EventType = EventType> {
  id: string;
  type: K;
  version: typeof EVENT_VERSION;
  occurredAt: string;
  requestId?: string;
  data: EventDataMap[K];
}

/** An envelope with a fresh uuid; `now` lets callers and tests fix the time. */
export function makeEvent<K extends EventType>(
  type: K,
  data: EventDataMap[K],
  options: { requestId?: string | undefined; now?: Date | undefined } = {},
): DomainEvent<K> {
  const event: DomainEvent<K> = {
    id: globalThis.crypto.randomUUID(),
    type,
    version: EVENT_VERSION,
    occurredAt: (options.now ?? new Date()).toISOString(),
    data,
  };
  if (options.requestId !== undefined) event.requestId = options.requestId;
  return event;
}
