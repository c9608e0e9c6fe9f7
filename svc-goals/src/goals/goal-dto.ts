import type { Goal, GoalEventData, GoalProgressEntry } from '@levelup/contracts';
import type { GoalDoc, GoalProgressDoc } from './models.ts';

const iso = (date: Date | string | null | undefined) =>
  date ? new Date(date).toISOString() : null;

/** A goal as the planner reads it. */
export function toGoal(doc: GoalDoc): Goal {
  return {
    id: doc._id.toString(),
    title: doc.title,
    description: doc.description ?? null,
    theme: doc.theme,
    targetXp: doc.targetXp,
    currentXp: doc.currentXp,
    cadence: doc.cadence,
    color: doc.color,
    icon: doc.icon ?? null,
    status: doc.status,
    createdAt: new Date(doc.createdAt).toISOString(),
    completedAt: iso(doc.completedAt),
  };
}

/** The goal as svc-quests' read model needs it (counts, calendar). */
export function goalEventData(
  doc: Pick<
    GoalDoc,
    '_id' | 'userId' | 'title' | 'theme' | 'status' | 'currentXp' | 'targetXp' | 'completedAt'
  >,
  deleted = false,
): GoalEventData {
  return {
    userId: doc.userId,
    goalId: doc._id.toString(),
    title: doc.title,
    theme: doc.theme,
    status: doc.status,
    currentXp: doc.currentXp,
    targetXp: doc.targetXp,
    completedAt: iso(doc.completedAt),
    ...(deleted ? { deleted: true } : {}),
  };
}

export function toProgressEntry(row: GoalProgressDoc): GoalProgressEntry {
  return {
    id: row._id,
    goalId: row.goalId,
    deltaXp: row.deltaXp,
    source: row.source,
    sourceId: row.sourceId ?? null,
    isCompletion: row.isCompletion,
    occurredAt: new Date(row.occurredAt).toISOString(),
    goalCurrentXp: row.goalCurrentXp,
    goalTargetXp: row.goalTargetXp,
  };
}
