import {
  EVENTS,
  LIFE_TASK_SNOOZE_REFUSED,
  addDays,
  canSnooze,
  endOfLocalDay,
  lifeTaskCompletion,
  localDate,
  makeEvent,
  type CreateLifeTaskRequest,
  type LifeTask,
  type LifeTaskCompleteResponse,
  type UpdateLifeTaskRequest,
} from '@levelup/contracts';
import { conflict, notFound, type OutboxRelay } from '@levelup/service-kit';
import type { UserZones } from '../users/user-zones.ts';
import { toLifeTask } from './life-task-dto.ts';
import { lifeTaskReminderEvent } from './life-task-reminder.ts';
import type { LifeTaskCompletionState, LifeTaskDoc } from './models.ts';
import type { LifeTasksRepository } from './repository.ts';
import type { QuestsQuotas } from '../shared/storage-quotas.ts';

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

export function lifeTasksService(deps: {
  lifeTasks: LifeTasksRepository;
  zones: UserZones;
  relay: OutboxRelay;
  clock?: () => Date;
  quotas: QuestsQuotas;
}) {
  const { lifeTasks, zones, relay } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** Whether a change moved what the task's reminder says (its due date, its title while due). */
  const reminderMoved = (before: LifeTaskDoc, after: Pick<LifeTaskDoc, 'dueDate' | 'title'>) =>
    (before.dueDate?.getTime() ?? null) !== (after.dueDate?.getTime() ?? null) ||
    (after.dueDate !== null && before.title !== after.title);

  /** Edits a task; when that moves its reminder, the reminder event goes in the same write. */
  async function revise(
    userId: string,
    id: string,
    fields: UpdateLifeTaskRequest | Pick<LifeTaskDoc, 'dueDate'>,
    unlessCompleted = false,
  ): Promise<LifeTaskDoc | null> {
    const [before, timeZone] = await Promise.all([
      lifeTasks.findOwned(userId, id),
      zones.timeZoneOf(userId),
    ]);
    if (!before) return null;
    const after = {
      ...before,
      title: ('title' in fields && fields.title) || before.title,
      dueDate: fields.dueDate !== undefined ? fields.dueDate : before.dueDate,
    };
    const event = reminderMoved(before, after)
      ? lifeTaskReminderEvent(after, timeZone, clock())
      : null;
    const updated = await lifeTasks.revise(userId, id, fields, unlessCompleted, event);
    if (updated && event) await relay.flush(updated);
    return updated;
  }

  return {
    /** A task with a due date has its reminder scheduled in the same write. */
    async create(userId: string, input: CreateLifeTaskRequest): Promise<LifeTask> {
      await deps.quotas.lifeTasks(userId);
      const timeZone = input.dueDate ? await zones.timeZoneOf(userId) : 'UTC';
      const created = await lifeTasks.create(userId, input, ({ _id }) =>
        input.dueDate
          ? lifeTaskReminderEvent(
              {
                _id,
                userId,
                title: input.title,
                dueDate: new Date(input.dueDate),
                isCompleted: false,
                isActive: true,
              },
              timeZone,
              clock(),
            )
          : null,
      );
      if (created.outbox.length > 0) await relay.flush(created);
      return toLifeTask(created);
    },

    async list(userId: string, includeCompleted: boolean): Promise<LifeTask[]> {
      return (await lifeTasks.list(userId, includeCompleted)).map(toLifeTask);
    },

    /**
     * Check Mate: earns the maintenance XP once (contracts' lifeTaskCompletion decides); a recurring
     * task comes due again one interval later, at the end of that local day. The change and its event
     * are one conditional update; a request that loses the race earns nothing.
     */
    async complete(
      userId: string,
      id: string,
      requestId: string | undefined,
    ): Promise<LifeTaskCompleteResponse> {
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
    },

    /**
     * Undo of the check-off `eventId` (un-completing a life task): the task goes back to how it was
     * before it, and quests.life_task_uncompleted takes back exactly the XP it earned, in one
     * conditional write, only while it is the task's standing check-off. A second, a parallel or a
     * late Undo (after the task was checked off again) moves nothing. A deleted task's XP stays (409).
     */
    async undo(
      userId: string,
      task: LifeTaskDoc,
      eventId: string,
      requestId: string | undefined,
    ): Promise<{ task: LifeTask; xpDelta: number }> {
      if (!task.isActive)
        throw conflict('This life task was deleted; the XP it earned stays yours.');
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
    },

    /** Edits what the dialog shows; a new maintenance XP applies to later completions only. */
    async update(userId: string, id: string, input: UpdateLifeTaskRequest): Promise<LifeTask> {
      const updated = await revise(userId, id, input);
      if (!updated) throw lifeTaskNotFound();
      return toLifeTask(updated);
    },

    /**
     * 'Snooze until tomorrow': due at the end of tomorrow in the user's zone. It never moves a date
     * earlier, so only a task due today or overdue can be snoozed (contracts' canSnooze); a done task, a
     * task due later or one without a due date is a 409 that says why.
     */
    async snooze(userId: string, id: string): Promise<LifeTask> {
      const [task, timeZone] = await Promise.all([
        lifeTasks.findOwned(userId, id),
        zones.timeZoneOf(userId),
      ]);
      if (!task) throw lifeTaskNotFound();
      const now = clock();
      if (task.isCompleted) throw conflict('A completed life task cannot be snoozed');
      if (!canSnooze({ isCompleted: false, dueDate: task.dueDate }, now, timeZone))
        throw conflict(LIFE_TASK_SNOOZE_REFUSED);
      const tomorrow = addDays(localDate(now, timeZone), 1);
      const updated = await revise(
        userId,
        id,
        { dueDate: endOfLocalDay(tomorrow, timeZone) },
        true,
      );
      if (updated) return toLifeTask(updated);
      if (await lifeTasks.findOwned(userId, id))
        throw conflict('A completed life task cannot be snoozed');
      throw lifeTaskNotFound();
    },

    async remove(userId: string, id: string): Promise<void> {
      const task = await lifeTasks.findOwned(userId, id);
      if (!task) throw lifeTaskNotFound();
      const event = task.dueDate
        ? lifeTaskReminderEvent({ ...task, isActive: false }, 'UTC', clock())
        : null;
      const removed = await lifeTasks.deactivate(userId, id, event);
      if (!removed) throw lifeTaskNotFound();
      if (event) await relay.flush(removed);
    },
  };
}

export type LifeTasksService = ReturnType<typeof lifeTasksService>;
