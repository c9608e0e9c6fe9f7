import type { Measure } from '@levelup/contracts';
import {
  judgeImportedDays,
  type ImportPlan,
  type MeasuredDay,
  type PlacedBreakHabit,
  type PlacedPlan,
  type PlannedCompletion,
  type PlannedSeries,
} from './plan.ts';
import type { ImportRepository } from './repository.ts';

/**
 * A measurable habit's days as the series they join counts them: by that series' own target (which the
 * user may have changed since the earlier import), all the export's days judged together so a per-week
 * target counts each week's total. A series an import made before amounts were kept has no target: it
 * gets only the days the export's target counts as Completed, done or not, as then.
 */
function judgedBy(
  planned: PlannedSeries,
  measure: Measure | null,
): { completions: PlannedCompletion[]; notDone: MeasuredDay[] } {
  if (!planned.measure) return { completions: planned.completions, notDone: [] };
  const days = [
    ...planned.completions.map((c) => ({ day: c.day, amount: c.amount ?? 0 })),
    ...(planned.notDone ?? []).map((d) => ({ day: d.day, amount: d.amount })),
  ];
  if (measure) return judgeImportedDays(measure, days);
  const completed = judgeImportedDays(planned.measure, days).completions.filter(
    (c) => c.completion === 'completed',
  );
  return { completions: completed.map((c) => ({ day: c.day, at: null })), notDone: [] };
}

/** Habits to break against earlier imports of the same habits: only the slip days they lack. */
async function placeBreakHabits(
  imports: ImportRepository,
  userId: string,
  plan: ImportPlan,
): Promise<PlacedBreakHabit[]> {
  const planned = plan.breakHabits ?? [];
  if (planned.length === 0) return [];
  const earlier = await imports.importedBreakHabits(
    userId,
    plan.source,
    planned.map((h) => h.sourceId),
  );
  const bySource = new Map(earlier.map((doc) => [doc.importSource?.id, String(doc._id)]));
  const days = await imports.slipDays(userId, [...bySource.values()]);
  return planned.map((habit) => {
    const existingId = bySource.get(habit.sourceId) ?? null;
    if (!existingId) return { planned: habit, existingId, slips: habit.slips, here: 0 };
    const taken = days.get(existingId) ?? new Set<string>();
    const slips = habit.slips.filter((s) => !taken.has(s.day));
    const here = habit.slips.filter((s) => taken.has(s.day)).reduce((n, s) => n + s.count, 0);
    return { planned: habit, existingId, slips, here };
  });
}

/**
 * The plan against what earlier imports of the same items (same app, same source id) brought: those
 * items are not created again, and only the days their series does not have yet are added.
 */
export async function placePlan(
  imports: ImportRepository,
  userId: string,
  plan: ImportPlan,
): Promise<PlacedPlan> {
  const earlierSeries = await imports.importedSeries(
    userId,
    plan.source,
    plan.series.map((s) => s.sourceId),
  );
  const bySource = new Map(earlierSeries.map((doc) => [doc.importSource?.id, doc]));
  const days = await imports.occurrenceDays(
    userId,
    earlierSeries.map((doc) => String(doc._id)),
  );
  const earlierTasks = await imports.importedLifeTasks(
    userId,
    plan.source,
    plan.lifeTasks.map((t) => t.sourceId),
  );
  const tasksHere = new Set(earlierTasks.map((doc) => doc.importSource?.id));
  const todosHere = await imports.importedTodos(
    userId,
    plan.source,
    plan.quests.map((q) => q.sourceId),
  );
  const breakHabits = await placeBreakHabits(imports, userId, plan);
  return {
    plan,
    breakHabits,
    series: plan.series.map((planned) => {
      const existing = bySource.get(planned.sourceId);
      if (!existing)
        return {
          planned,
          existingId: null,
          completions: planned.completions,
          skips: planned.skips,
          measure: planned.measure ?? null,
          notDone: planned.notDone ?? [],
          here: 0,
        };
      const taken = days.get(String(existing._id)) ?? new Set<string>();
      const measure = planned.measure ? (existing.measure ?? null) : null;
      const judged = judgedBy(planned, measure);
      const completions = judged.completions.filter((c) => !taken.has(c.day));
      return {
        planned,
        existingId: String(existing._id),
        completions,
        skips: planned.skips.filter((day) => !taken.has(day)),
        measure,
        notDone: judged.notDone.filter((d) => !taken.has(d.day)),
        here: judged.completions.length - completions.length,
      };
    }),
    lifeTasks: plan.lifeTasks.map((planned) => ({
      planned,
      here: tasksHere.has(planned.sourceId),
    })),
    quests: plan.quests.map((planned) => ({ planned, here: todosHere.has(planned.sourceId) })),
  };
}
