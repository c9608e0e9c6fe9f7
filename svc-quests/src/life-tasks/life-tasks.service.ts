import {
  addDays,
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
import type { LifeTasksRepository } from './repository.ts';

export const lifeTaskNotFound = () => notFound('Life task not found');

export function lifeTasksService(deps: {
  lifeTasks: LifeTasksRepository;
  zones: UserZones;
  relay: OutboxRelay;
  clock?: () => Date;
}) {
  const { lifeTasks, zones, relay } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    async create(userId: string, input: CreateLifeTaskRequest): Promise<LifeTask> {
      return toLifeTask(await lifeTasks.create(userId, input));
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
        'quests.life_task_completed',
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
      const updated = await lifeTasks.applyCompletion(
        task,
        {
          isCompleted: outcome.isCompleted,
          completedAt: now,
          lastCompletedLocalDate: today,
          dueDate: nextDue ?? task.dueDate ?? null,
          nextDueDate: nextDue,
          lastRecurredAt: nextDue ? now : (task.lastRecurredAt ?? null),
        },
        event,
      );
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

    /** Edits what the dialog shows; a new maintenance XP applies to later completions only. */
    async update(userId: string, id: string, input: UpdateLifeTaskRequest): Promise<LifeTask> {
      const updated = await lifeTasks.revise(userId, id, input);
      if (!updated) throw lifeTaskNotFound();
      return toLifeTask(updated);
    },

    /** 'Snooze until tomorrow': due at the end of tomorrow in the user's zone; 409 once done. */
    async snooze(userId: string, id: string): Promise<LifeTask> {
      const timeZone = await zones.timeZoneOf(userId);
      const tomorrow = addDays(localDate(clock(), timeZone), 1);
      const updated = await lifeTasks.revise(
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
      if (!(await lifeTasks.deactivate(userId, id))) throw lifeTaskNotFound();
    },
  };
}

export type LifeTasksService = ReturnType<typeof lifeTasksService>;
