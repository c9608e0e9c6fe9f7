import {
  LIFE_TASK_SNOOZE_REFUSED,
  addDays,
  canSnooze,
  endOfLocalDay,
  localDate,
  type CreateLifeTaskRequest,
  type LifeTask,
  type UpdateLifeTaskRequest,
} from '@levelup/contracts';
import { conflict, type OutboxRelay } from '@levelup/service-kit';
import type { UserZones } from '../users/user-zones.ts';
import { toLifeTask } from './life-task-dto.ts';
import { lifeTaskReminderEvent } from './life-task-reminder.ts';
import type { LifeTaskDoc } from './models.ts';
import {
  completeLifeTask,
  lifeTaskNotFound,
  undoLifeTaskCompletion,
  type LifeTaskCompletionContext,
} from './life-task-completion.ts';
import type { LifeTasksRepository } from './repository.ts';
import type { QuestsQuotas } from '../shared/storage-quotas.ts';

export function lifeTasksService(deps: {
  lifeTasks: LifeTasksRepository;
  zones: UserZones;
  relay: OutboxRelay;
  clock?: () => Date;
  quotas: QuestsQuotas;
}) {
  const { lifeTasks, zones, relay } = deps;
  const clock = deps.clock ?? (() => new Date());
  const completion: LifeTaskCompletionContext = { lifeTasks, zones, relay, clock };

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

    /** Check Mate (life-task-completion.ts). */
    complete: (userId: string, id: string, requestId: string | undefined) =>
      completeLifeTask(completion, userId, id, requestId),

    /** Undo of a check-off (life-task-completion.ts). */
    undo: (userId: string, task: LifeTaskDoc, eventId: string, requestId: string | undefined) =>
      undoLifeTaskCompletion(completion, userId, task, eventId, requestId),

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
