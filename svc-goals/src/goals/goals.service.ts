import {
  GOAL_ALREADY_COMPLETED_MESSAGE,
  GOAL_ARCHIVED_MESSAGE,
  GOAL_NOT_FOUND_MESSAGE,
  canAddGoalProgress,
  clampAddXp,
  completedAtFor,
  goalChangeEventType,
  goalProgressEventSchema,
  makeEvent,
  settleGoalStatus,
  type AddGoalProgressRequest,
  type AddGoalProgressResponse,
  type CreateGoalRequest,
  type EventEnvelope,
  type Goal,
  type GoalProgressEntry,
  type GoalProgressSource,
  type GoalStatus,
  type UpdateGoalRequest,
} from '@levelup/contracts';
import {
  AppError,
  PermanentEventError,
  conflict,
  currentRequestId,
  notFound,
  type OutboxRelay,
} from '@levelup/service-kit';
import { goalEventData, toGoal, toProgressEntry } from './goal-dto.ts';
import { creditKey, type GoalDoc, type GoalProgressDoc } from './models.ts';
import type { GoalWrite, GoalsRepository } from './repository.ts';

export const goalNotFound = () => notFound(GOAL_NOT_FOUND_MESSAGE);

type FormFields = Partial<
  Pick<GoalDoc, 'title' | 'description' | 'theme' | 'targetXp' | 'cadence' | 'icon' | 'color'>
>;

/** One change to a goal, planned on the goal as read. */
interface Plan {
  fields?: FormFields;
  /** An explicit status (PUT {status}); otherwise the status settles from XP and target. */
  status?: GoalStatus;
  xp?: { delta: number; source: GoalProgressSource; sourceId: string | null };
  credit?: { key: string; xp: number };
  deleted?: boolean;
}

const MAX_ATTEMPTS = 25;

export function goalsService(deps: {
  goals: GoalsRepository;
  relay: OutboxRelay;
  /** Removes what hangs off a deleted goal (its series links; the data model cascades). */
  cascadeDelete?: (goalId: string) => Promise<void>;
  clock?: () => Date;
}) {
  const { goals, relay } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function owned(userId: string, id: string): Promise<GoalDoc> {
    const goal = await goals.findOwned(userId, id);
    if (!goal) throw goalNotFound();
    return goal;
  }

  /** The state after a plan, the events it publishes and the progress row it records. */
  function writeFor(goal: GoalDoc, plan: Plan, now: Date): GoalWrite {
    const next = { ...goal, ...plan.fields };
    const delta = plan.xp?.delta ?? 0;
    const currentXp = goal.currentXp + delta;
    const settles = delta !== 0 || next.targetXp !== goal.targetXp;
    const status =
      plan.status ??
      (settles
        ? settleGoalStatus({ status: goal.status, currentXp, targetXp: next.targetXp })
        : goal.status);
    const completedAt = completedAtFor(status, goal, now);
    const after = { ...next, currentXp, status, completedAt };
    const type = plan.deleted ? 'goals.changed' : goalChangeEventType(goal.status, status);
    const options = { requestId: currentRequestId(), now };
    const events: EventEnvelope[] = [makeEvent(type, goalEventData(after, plan.deleted), options)];
    if (plan.xp && delta !== 0) {
      events.push(
        makeEvent(
          'goals.progressed',
          {
            userId: goal.userId,
            goalId: goal._id.toString(),
            deltaXp: delta,
            source: plan.xp.source,
            sourceId: plan.xp.sourceId,
            isCompletion: type === 'goals.completed',
            goalTitle: after.title,
            goalCurrentXp: currentXp,
            goalTargetXp: after.targetXp,
          },
          options,
        ),
      );
    }
    return {
      set: {
        ...plan.fields,
        currentXp,
        status,
        completedAt,
        ...(plan.deleted ? { deletedAt: now } : {}),
      },
      ...(plan.credit ? { credit: plan.credit } : {}),
      events,
    };
  }

  /**
   * Reads the goal, plans the change on it and writes it on the revision read, again until it lands:
   * parallel requests and events each apply once, on the state the others left.
   */
  async function change(
    userId: string,
    id: string,
    plan: (goal: GoalDoc) => Plan | null,
  ): Promise<GoalDoc> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const goal = await owned(userId, id);
      const planned = plan(goal);
      if (!planned) return goal;
      const write = writeFor(goal, planned, clock());
      const updated = await goals.apply(goal, write);
      if (!updated) continue;
      await relay.flush(updated);
      // The row is written here for an answer that already shows it; the goals.progressed consumer
      // writes the same row (same id) should the process die first.
      for (const event of write.events) if (event.type === 'goals.progressed') await record(event);
      return updated;
    }
    throw conflict('The goal is changing too often; please try again');
  }

  async function record(event: EventEnvelope): Promise<void> {
    const parsed = goalProgressEventSchema.safeParse(event);
    if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
    const { data } = parsed.data;
    const row: GoalProgressDoc = {
      _id: parsed.data.id,
      goalId: data.goalId,
      userId: data.userId,
      deltaXp: data.deltaXp,
      source: data.source,
      sourceId: data.sourceId,
      isCompletion: data.isCompletion,
      occurredAt: new Date(parsed.data.occurredAt),
      goalTitle: data.goalTitle,
      goalCurrentXp: data.goalCurrentXp,
      goalTargetXp: data.goalTargetXp,
    };
    await goals.recordProgress(row);
  }

  return {
    async list(userId: string): Promise<Goal[]> {
      return (await goals.listForUser(userId)).map(toGoal);
    },

    async create(userId: string, input: CreateGoalRequest): Promise<Goal> {
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
        makeEvent('goals.created', goalEventData({ ...goal, _id, currentXp: 0 }), {
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

    /** The goals.progressed consumer: the history row follows the event, exactly once by its id. */
    async recordProgressEvent(event: EventEnvelope): Promise<void> {
      if (event.type !== 'goals.progressed') return;
      await record(event);
    },
  };
}

export type GoalsService = ReturnType<typeof goalsService>;
