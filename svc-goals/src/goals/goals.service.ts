import {
  EVENTS,
  GOAL_ALREADY_COMPLETED_MESSAGE,
  GOAL_ARCHIVED_MESSAGE,
  STORAGE_QUOTAS,
  canAddGoalProgress,
  clampAddXp,
  makeEvent,
  type AddGoalProgressRequest,
  type AddGoalProgressResponse,
  type CreateGoalRequest,
  type Goal,
  type GoalProgressEntry,
  type UpdateGoalRequest,
} from '@levelup/contracts';
import {
  AppError,
  conflict,
  currentRequestId,
  withinQuota,
  type OutboxRelay,
} from '@levelup/service-kit';
import { goalChanges, type FormFields } from './goal-change.ts';
import { goalEventData, toGoal, toProgressEntry } from './goal-dto.ts';
import { creditKey, type GoalDoc } from './models.ts';
import type { GoalsRepository } from './repository.ts';

export { goalNotFound } from './goal-change.ts';

export function goalsService(deps: {
  goals: GoalsRepository;
  relay: OutboxRelay;
  /** Removes what hangs off a deleted goal (its series links; the data model cascades). */
  cascadeDelete?: (goalId: string) => Promise<void>;
  clock?: () => Date;
}) {
  const { goals, relay } = deps;
  const clock = deps.clock ?? (() => new Date());
  const { owned, change, record } = goalChanges({ goals, relay, clock });

  return {
    async list(userId: string): Promise<Goal[]> {
      return (await goals.listForUser(userId)).map(toGoal);
    },

    async create(userId: string, input: CreateGoalRequest): Promise<Goal> {
      await withinQuota(STORAGE_QUOTAS.goals, goals.countKept(userId));
      const now = clock();
      const goal = {
        userId,
        title: input.title,
        description: input.description ?? null,
        theme: input.theme,
        targetXp: input.targetXp,
        cadence: input.cadence,
        status: input.status,
        icon: input.icon ?? null,
        color: input.color,
        completedAt: input.status === 'completed' ? now : null,
      };
      const created = await goals.create(goal, (_id) =>
        makeEvent(EVENTS.goalCreated.type, goalEventData({ ...goal, _id, currentXp: 0 }), {
          requestId: currentRequestId(),
          now,
        }),
      );
      await relay.flush(created);
      return toGoal(created);
    },

    /** PUT: either {status} (pause toggle) or the form's fields; absent fields stay as they are. */
    async update(userId: string, id: string, input: UpdateGoalRequest): Promise<Goal> {
      const updated = await change(userId, id, (goal) => {
        const fields: FormFields = {};
        for (const key of [
          'title',
          'description',
          'theme',
          'targetXp',
          'cadence',
          'icon',
          'color',
        ] as const) {
          const value = input[key];
          if (value !== undefined && value !== goal[key]) Object.assign(fields, { [key]: value });
        }
        const status =
          input.status !== undefined && input.status !== goal.status ? input.status : undefined;
        if (Object.keys(fields).length === 0 && status === undefined) return null;
        return { fields, ...(status ? { status } : {}) };
      });
      return toGoal(updated);
    },

    async remove(userId: string, id: string): Promise<void> {
      const goal = await change(userId, id, () => ({ deleted: true }));
      await deps.cascadeDelete?.(goal._id.toString());
    },

    /** Add XP: clamped as the client clamps, 1 to min(100, target - current). */
    async addProgress(
      userId: string,
      id: string,
      input: AddGoalProgressRequest,
    ): Promise<AddGoalProgressResponse> {
      let added = 0;
      const updated = await change(userId, id, (goal) => {
        if (goal.status === 'completed') throw conflict(GOAL_ALREADY_COMPLETED_MESSAGE);
        if (!canAddGoalProgress(goal.status))
          throw new AppError('CONFLICT', GOAL_ARCHIVED_MESSAGE, 409);
        added = clampAddXp(input.xpGain, goal);
        return { xp: { delta: added, source: 'manual', sourceId: null } };
      });
      return { ...toGoal(updated), xpAdded: added };
    },

    /**
     * Sets what one linked occurrence has given the goal to `xp`, moving currentXp by the difference
     * (source quest). Nothing moves when it already holds that much, so a repeated or late event is
     * harmless. A goal deleted meanwhile is left alone.
     */
    async creditOccurrence(
      userId: string,
      goalId: string,
      occurrenceId: string,
      xp: number,
    ): Promise<void> {
      const key = creditKey(occurrenceId);
      try {
        await change(userId, goalId, (goal) => {
          const held = goal.credits?.[key] ?? 0;
          if (held === xp) return null;
          return {
            xp: { delta: xp - held, source: 'quest', sourceId: occurrenceId },
            credit: { key, xp },
          };
        });
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return;
        throw err;
      }
    },

    /** What each occurrence has given the goal, by occurrence id (for the journey). */
    creditOf(goal: Pick<GoalDoc, 'credits'>, occurrenceId: string): number {
      return goal.credits?.[creditKey(occurrenceId)] ?? 0;
    },

    owned,

    async progressHistory(userId: string, id: string): Promise<GoalProgressEntry[]> {
      const goal = await owned(userId, id);
      return (await goals.progressOf(goal._id.toString())).map(toProgressEntry);
    },

    /** The goals.progressed consumer: each history row follows its event, exactly once by its id. */
    recordProgressEvents: record,
  };
}

export type GoalsService = ReturnType<typeof goalsService>;
