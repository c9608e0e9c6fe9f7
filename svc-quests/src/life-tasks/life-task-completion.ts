import {
  EVENTS,
  endOfLocalDay,
  lifeTaskCompletion,
  localDate,
  makeEvent,
  type LifeTask,
  type LifeTaskCompleteResponse,
} from '@levelup/contracts';
import { conflict, notFound, type OutboxRelay } from '@levelup/service-kit';
import type { UserZones } from '../users/user-zones.ts';
import { toLifeTask } from './life-task-dto.ts';
import { lifeTaskReminderEvent } from './life-task-reminder.ts';
import type { LifeTaskCompletionState, LifeTaskDoc } from './models.ts';
import type { LifeTasksRepository } from './repository.ts';

// A life task's check-off and its Undo: each one conditional write of the task with its events.

export interface LifeTaskCompletionContext {
  lifeTasks: LifeTasksRepository;
  zones: UserZones;
  relay: OutboxRelay;
  clock: () => Date;
}

export const lifeTaskNotFound = () => notFound('Life task not found');

function completionStateOf(task: LifeTaskDoc): LifeTaskCompletionState {
  return {
    isCompleted: task.isCompleted,
    completedAt: task.completedAt ?? null,
    lastCompletedLocalDate: task.lastCompletedLocalDate ?? null,
    dueDate: task.dueDate ?? null,
    nextDueDate: task.nextDueDate ?? null,
    lastRecurredAt: task.lastRecurredAt ?? null,
  };
}

/**
 * Check Mate: earns the maintenance XP once (contracts' lifeTaskCompletion decides); a recurring
 * task comes due again one interval later, at the end of that local day. The change and its event
 * are one conditional update; a request that loses the race earns nothing.
 */
export async function completeLifeTask(
  ctx: LifeTaskCompletionContext,
  userId: string,
  id: string,
  requestId: string | undefined,
): Promise<LifeTaskCompleteResponse> {
  const { lifeTasks, zones, relay, clock } = ctx;
  const [task, timeZone] = await Promise.all([
    lifeTasks.findOwned(userId, id),
    zones.timeZoneOf(userId),
  ]);
  if (!task) throw lifeTaskNotFound();
  const now = clock();
  const today = localDate(now, timeZone);
  const outcome = lifeTaskCompletion(
    { ...task, lastCompletedOn: task.lastCompletedLocalDate ?? null },
    today,
  );
  if (!outcome.earns) return { ...toLifeTask(task), xpEarned: 0 };
  const nextDue = outcome.nextDueOn ? endOfLocalDay(outcome.nextDueOn, timeZone) : null;
  const event = makeEvent(
    EVENTS.lifeTaskCompleted.type,
    {
      userId,
      lifeTaskId: task._id.toString(),
      title: task.title,
      category: task.category,
      xpEarned: outcome.xpEarned,
      localDate: today,
    },
    { requestId, now },
  );
  const change = {
    isCompleted: outcome.isCompleted,
    completedAt: now,
    lastCompletedLocalDate: today,
    dueDate: nextDue ?? task.dueDate ?? null,
    nextDueDate: nextDue,
    lastRecurredAt: nextDue ? now : (task.lastRecurredAt ?? null),
    // What Undo takes back and puts back.
    standingCompletion: {
      eventId: event.id,
      xpEarned: outcome.xpEarned,
      localDate: today,
      before: completionStateOf(task),
    },
  };
  // The completion cancels this due date's reminder (svc-identity reads the event); a recurring task
  // is reminded again on its next due date.
  const next = nextDue ? lifeTaskReminderEvent({ ...task, ...change }, timeZone, now) : null;
  const updated = await lifeTasks.applyCompletion(task, change, event, next);
  if (!updated) {
    const current = await lifeTasks.findOwned(userId, id);
    if (!current) throw lifeTaskNotFound();
    return { ...toLifeTask(current), xpEarned: 0 };
  }
  await Promise.all([
    relay.flush(updated),
    lifeTasks.recordCompletion({
      _id: event.id,
      lifeTaskId: task._id.toString(),
      userId,
      xpEarned: outcome.xpEarned,
      completedAt: now,
      localDate: today,
      taskTitle: task.title,
      taskCategory: task.category,
    }),
  ]);
  return { ...toLifeTask(updated), xpEarned: outcome.xpEarned };
}

/**
 * Undo of the check-off `eventId` (un-completing a life task): the task goes back to how it was
 * before it, and quests.life_task_uncompleted takes back exactly the XP it earned, in one
 * conditional write, only while it is the task's standing check-off. A second, a parallel or a
 * late Undo (after the task was checked off again) moves nothing. A deleted task's XP stays (409).
 */
export async function undoLifeTaskCompletion(
  ctx: LifeTaskCompletionContext,
  userId: string,
  task: LifeTaskDoc,
  eventId: string,
  requestId: string | undefined,
): Promise<{ task: LifeTask; xpDelta: number }> {
  const { lifeTasks, zones, relay, clock } = ctx;
  if (!task.isActive) throw conflict('This life task was deleted; the XP it earned stays yours.');
  const standing = task.standingCompletion;
  if (standing?.eventId !== eventId) return { task: toLifeTask(task), xpDelta: 0 };
  const now = clock();
  const timeZone = await zones.timeZoneOf(userId);
  const event = makeEvent(
    EVENTS.lifeTaskUncompleted.type,
    {
      userId,
      lifeTaskId: task._id.toString(),
      title: task.title,
      category: task.category,
      xpDelta: -standing.xpEarned,
      localDate: localDate(now, timeZone),
      completionEventId: eventId,
      completedOn: standing.localDate,
    },
    { requestId, now },
  );
  // The reminder follows the restored due date (due again, or none).
  const reminder = lifeTaskReminderEvent({ ...task, ...standing.before }, timeZone, now);
  const updated = await lifeTasks.revokeCompletion(task, eventId, standing.before, [
    event,
    reminder,
  ]);
  if (!updated) {
    const current = await lifeTasks.findAnyOwned(userId, task._id.toString());
    return { task: toLifeTask(current ?? task), xpDelta: 0 };
  }
  await Promise.all([
    relay.flush(updated),
    lifeTasks.markCompletionUndone(
      {
        _id: eventId,
        lifeTaskId: task._id.toString(),
        userId,
        xpEarned: standing.xpEarned,
        completedAt: task.completedAt ?? now,
        localDate: standing.localDate,
        taskTitle: task.title,
        taskCategory: task.category,
      },
      now,
    ),
  ]);
  return { task: toLifeTask(updated), xpDelta: -standing.xpEarned };
}
