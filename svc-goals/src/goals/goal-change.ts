import {
  EVENTS,
  GOAL_NOT_FOUND_MESSAGE,
  completedAtFor,
  goalChangeEventType,
  makeEvent,
  settleGoalStatus,
  isEventOf,
  type EventEnvelope,
  type EventOf,
  type GoalProgressSource,
  type GoalStatus,
} from '@levelup/contracts';
import { conflict, currentRequestId, notFound, type OutboxRelay } from '@levelup/service-kit';
import { goalEventData } from './goal-dto.ts';
import type { GoalDoc, GoalProgressDoc } from './models.ts';
import type { GoalWrite, GoalsRepository } from './repository.ts';

export const goalNotFound = () => notFound(GOAL_NOT_FOUND_MESSAGE);

export type FormFields = Partial<
  Pick<GoalDoc, 'title' | 'description' | 'theme' | 'targetXp' | 'cadence' | 'icon' | 'color'>
>;

/** One change to a goal, planned on the goal as read. */
export interface Plan {
  fields?: FormFields;
  /** An explicit status (PUT {status}); otherwise the status settles from XP and target. */
  status?: GoalStatus;
  xp?: { delta: number; source: GoalProgressSource; sourceId: string | null };
  credit?: { key: string; xp: number };
  deleted?: boolean;
}

const MAX_ATTEMPTS = 25;

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
  const type = plan.deleted ? EVENTS.goalChanged.type : goalChangeEventType(goal.status, status);
  const options = { requestId: currentRequestId(), now };
  const events: EventEnvelope[] = [makeEvent(type, goalEventData(after, plan.deleted), options)];
  if (plan.xp && delta !== 0) {
    events.push(
      makeEvent(
        EVENTS.goalProgressed.type,
        {
          userId: goal.userId,
          goalId: goal._id.toString(),
          deltaXp: delta,
          source: plan.xp.source,
          sourceId: plan.xp.sourceId,
          isCompletion: type === EVENTS.goalCompleted.type,
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
 * How a goal changes: read it (owned by the member), plan the change on it, write it with its events
 * and progress row on the revision read.
 */
export function goalChanges(deps: {
  goals: GoalsRepository;
  relay: OutboxRelay;
  clock: () => Date;
}) {
  const { goals, relay, clock } = deps;

  async function owned(userId: string, id: string): Promise<GoalDoc> {
    const goal = await goals.findOwned(userId, id);
    if (!goal) throw goalNotFound();
    return goal;
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
      // The rows are written here for an answer that already shows them; the goals.progressed
      // consumer writes the same rows (same ids) should the process die first.
      await record(write.events.filter((event) => isEventOf(EVENTS.goalProgressed, event)));
      return updated;
    }
    throw conflict('The goal is changing too often; please try again');
  }

  /**
   * The history rows of goals.progressed events (validated by the bus, or made here) in one write,
   * each once by its event id.
   */
  async function record(events: ReadonlyArray<EventOf<'goalProgressed'>>): Promise<void> {
    await goals.recordProgressRows(events.map(progressRow));
  }

  return { owned, change, record };
}

function progressRow(event: EventOf<'goalProgressed'>): GoalProgressDoc {
  const { data } = event;
  return {
    _id: event.id,
    goalId: data.goalId,
    userId: data.userId,
    deltaXp: data.deltaXp,
    source: data.source,
    sourceId: data.sourceId,
    isCompletion: data.isCompletion,
    occurredAt: new Date(event.occurredAt),
    goalTitle: data.goalTitle,
    goalCurrentXp: data.goalCurrentXp,
    goalTargetXp: data.goalTargetXp,
  };
}
