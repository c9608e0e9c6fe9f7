import {
  EVENTS,
  localDate,
  makeEvent,
  zonedTimeToInstant,
  type EventEnvelope,
} from '@levelup/contracts';
import type { LifeTaskDoc } from './models.ts';

/** A life task is reminded at this hour of its due date, in the user's zone (or at its due time if earlier). */
export const LIFE_TASK_REMINDER_HOUR = 9;

type ReminderFields = Pick<
  LifeTaskDoc,
  'userId' | 'title' | 'dueDate' | 'isCompleted' | 'isActive'
> & {
  _id: { toString(): string };
};

/**
 * The reminder event a life task's state calls for: open, active and due today or later, it is reminded
 * on its due date (the date is the occurrence, so a new due date replaces the reminder); otherwise any
 * reminder it had is cancelled.
 */
export function lifeTaskReminderEvent(
  task: ReminderFields,
  timeZone: string,
  now: Date,
): EventEnvelope {
  const base = { userId: task.userId, kind: 'life_task' as const, itemId: task._id.toString() };
  const due = task.dueDate ? new Date(task.dueDate) : null;
  if (!due || task.isCompleted || !task.isActive || due.getTime() < now.getTime()) {
    return makeEvent(EVENTS.questReminderCancelled.type, base, { now });
  }
  const day = localDate(due, timeZone);
  const morning = zonedTimeToInstant(day, { hour: LIFE_TASK_REMINDER_HOUR }, timeZone);
  const dueAt = morning.getTime() < due.getTime() ? morning : due;
  return makeEvent(
    EVENTS.questReminderScheduled.type,
    { ...base, occurrence: day, dueAt: dueAt.toISOString(), title: task.title },
    { now },
  );
}
