import type { ImportPlan, PlacedPlan } from './plan.ts';
import type { ImportRepository } from './repository.ts';

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
  return {
    plan,
    series: plan.series.map((planned) => {
      const existing = bySource.get(planned.sourceId);
      if (!existing)
        return {
          planned,
          existingId: null,
          completions: planned.completions,
          skips: planned.skips,
          here: 0,
        };
      const taken = days.get(String(existing._id)) ?? new Set<string>();
      const completions = planned.completions.filter((c) => !taken.has(c.day));
      return {
        planned,
        existingId: String(existing._id),
        completions,
        skips: planned.skips.filter((day) => !taken.has(day)),
        here: planned.completions.length - completions.length,
      };
    }),
    lifeTasks: plan.lifeTasks.map((planned) => ({
      planned,
      here: tasksHere.has(planned.sourceId),
    })),
    quests: plan.quests.map((planned) => ({ planned, here: todosHere.has(planned.sourceId) })),
  };
}
