import type { GoalStatus } from './enums.ts';
import { ADD_XP_DEFAULT, ADD_XP_MAX, ADD_XP_MIN } from './goal.ts';

// Goal rules: average progress, Add XP and linked-series XP.

/** Avg Progress: total current XP / total target XP, rounded percent, 0 when there are no goals. */
export function goalAverageProgress(
  goals: readonly { currentXp: number; targetXp: number }[],
): number {
  const target = goals.reduce((s, g) => s + g.targetXp, 0);
  if (goals.length === 0 || target <= 0) return 0;
  return Math.round((goals.reduce((s, g) => s + g.currentXp, 0) / target) * 100);
}

/**
 * The summary cards: Active Goals, Completed, Total Goal XP (sum of current XP), Avg Progress. A paused
 * goal is not active (here and on the dashboard): `pausedCount` says how many are set aside, and their XP
 * still counts in the total and the average.
 */
export function goalSummary(
  goals: readonly { currentXp: number; targetXp: number; status: GoalStatus }[],
) {
  return {
    activeCount: goals.filter((g) => g.status === 'active').length,
    completedCount: goals.filter((g) => g.status === 'completed').length,
    pausedCount: goals.filter((g) => g.status === 'paused').length,
    totalXp: goals.reduce((s, g) => s + g.currentXp, 0),
    averageProgress: goalAverageProgress(goals),
  };
}

/** One goal's progress percent, capped at 100 (dashboard goals tab). */
export function goalProgressPercent(goal: { currentXp: number; targetXp: number }): number {
  if (goal.targetXp <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((goal.currentXp / goal.targetXp) * 100)));
}

/** Add XP input: a number 1..100; an invalid or empty entry falls back to 10. */
export function parseAddXpInput(raw: string | number | null | undefined): number {
  const n =
    typeof raw === 'number'
      ? raw
      : raw === null || raw === undefined || raw.trim() === ''
        ? Number.NaN
        : Number(raw);
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < ADD_XP_MIN || n > ADD_XP_MAX)
    return ADD_XP_DEFAULT;
  return n;
}

/**
 * The amount sent is clamped between 1 and the smaller of 100 and the XP remaining (target - current).
 * With nothing remaining the lower bound 1 wins (the row is hidden once completed anyway).
 */
export function clampAddXp(amount: number, goal: { currentXp: number; targetXp: number }): number {
  const remaining = goal.targetXp - goal.currentXp;
  const upper = Math.min(ADD_XP_MAX, remaining);
  return Math.max(ADD_XP_MIN, Math.min(Math.floor(amount), upper));
}

/** Default XP per linked occurrence: target / 10, rounded, at least 1. */
export function defaultLinkXp(targetXp: number): number {
  return Math.max(1, Math.round(targetXp / 10));
}

/** XP per occurrence input: minimum 1; an empty entry becomes 1. */
export function parseLinkXpInput(raw: string | number | null | undefined): number {
  const n =
    typeof raw === 'number'
      ? raw
      : raw === null || raw === undefined || raw.trim() === ''
        ? 1
        : Number(raw);
  if (!Number.isFinite(n)) return 1;
  return Math.max(1, Math.floor(n));
}

/** Link Series is enabled once a series is chosen and XP per occurrence is greater than 0. */
export function canLinkSeries(
  seriesId: string | null | undefined,
  xpPerOccurrence: number,
): boolean {
  return !!seriesId && xpPerOccurrence > 0;
}

/** Series not linked yet, and the empty-state text when none is left. */
export function linkableSeries<T extends { id: string }>(
  all: readonly T[],
  linkedSeriesIds: readonly string[],
): { choices: T[]; emptyText: string | null } {
  const linked = new Set(linkedSeriesIds);
  const choices = all.filter((s) => !linked.has(s.id));
  if (choices.length > 0) return { choices, emptyText: null };
  return {
    choices,
    emptyText:
      all.length > 0 && linked.size > 0
        ? 'All recurring series are already linked'
        : 'No recurring quest series available',
  };
}

/** Pause toggle: paused becomes active (Resume); any other status becomes paused (Pause). */
export function nextPauseStatus(status: GoalStatus): GoalStatus {
  return status === 'paused' ? 'active' : 'paused';
}

/**
 * Which section of the planner a goal shows in. Paused goals have a section of their own, so Resume stays
 * within reach; archived goals show in none.
 */
export function goalSection(status: GoalStatus): 'active' | 'completed' | 'paused' | null {
  if (status === 'active') return 'active';
  if (status === 'completed') return 'completed';
  if (status === 'paused') return 'paused';
  return null;
}

/** Journey caption 'X of Y completed (Z%)'. */
export function journeyCaption(occurrences: readonly { isCompleted: boolean }[]): string {
  const done = occurrences.filter((o) => o.isCompleted).length;
  const total = occurrences.length;
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return `${done} of ${total} completed (${percent}%)`;
}

/** Card tint colours; unknown colours fall back to blue. */
export const GOAL_TINT_COLORS = [
  'blue',
  'green',
  'purple',
  'orange',
  'red',
  'yellow',
  'teal',
  'indigo',
  'pink',
  'gray',
  'emerald',
  'slate',
  'amber',
  'violet',
] as const;
export function goalTint(color: string | null | undefined): string {
  return color && (GOAL_TINT_COLORS as readonly string[]).includes(color) ? color : 'blue';
}
