import {
  dayStreaks,
  judgeMeasuredDays,
  periodOf,
  type CompletionType,
  type ImportCounts,
  type ImportPreview,
  type ImportRecurrence,
  type ImportSource,
  type LifeTaskPriority,
  type Measure,
  type QuestDifficulty,
} from '@levelup/contracts';

/** One imported completion: the user's local day and, when the export has it, the instant. */
export interface PlannedCompletion {
  day: string;
  at: Date | null;
  /** A measurable routine's amount that day: the measure makes it Completed or Kinda Sorta. */
  amount?: number;
  /** How the measure judges the day among the routine's other days (judgeImportedDays). */
  completion?: CompletionType;
  /** A per-week target's total from Monday to this day; absent for any other day. */
  weekTotal?: number | null;
}

/** A day of a measurable routine with the amount entered for it. */
export interface MeasuredDay {
  day: string;
  amount: number;
  /** A per-week target's total from Monday to this day; absent for any other day. */
  weekTotal?: number | null;
}

/** A recurring series the import will create, with its past completions (one per local day). */
export interface PlannedSeries {
  /** Where it came from in the other app (Habitica's task id, Loop's habit): a re-import finds it. */
  sourceId: string;
  title: string;
  description: string;
  kind: 'daily' | 'habit';
  difficulty: QuestDifficulty;
  recurrence: ImportRecurrence;
  startDate: string;
  /** The last day it is scheduled (an archived Loop habit ends on its last entry); null: open. */
  endDate: string | null;
  /** Imported paused from its start (never due in the other app): it keeps its history only. */
  paused: boolean;
  completions: PlannedCompletion[];
  /** Days skipped on purpose (Loop's SKIP): imported as skipped occurrences, the streak's rest days. */
  skips: string[];
  /** Its tags' names in the other app (Habitica's); absent: none. */
  tags?: string[];
  /** Its steps (a Habitica daily's checklist), none ticked: each day ticks its own copy; absent: none. */
  checklist?: PlannedStep[];
  /** A measurable routine's daily target (a Loop numerical habit); absent: done or not. */
  measure?: Measure | null;
  /**
   * A measurable routine's days whose amount makes them not done (0 for at least, over an at-most
   * limit): imported with their amount, not completed, so the history keeps what was recorded.
   */
  notDone?: MeasuredDay[];
}

/** A life task the import will create (a Habitica todo), done on a day or open. */
export interface PlannedLifeTask {
  sourceId: string;
  title: string;
  notes: string | null;
  dueDate: Date | null;
  priority: LifeTaskPriority;
  completed: boolean;
  completedAt: Date | null;
  completedOn: string | null;
}

/** A step the import will create: its text and whether it is ticked. */
export interface PlannedStep {
  text: string;
  done: boolean;
}

/** A one-time quest the import will create (a Habitica todo with a checklist), with its steps. */
export interface PlannedQuest {
  sourceId: string;
  title: string;
  description: string;
  difficulty: QuestDifficulty;
  dueDate: Date | null;
  checklist: PlannedStep[];
  /** Its tags' names in the other app; absent: none. */
  tags?: string[];
  completed: boolean;
  completedAt: Date | null;
  completedOn: string | null;
}

/** A habit to break the import will create (a Habitica habit that only counts "−"), with its slips. */
export interface PlannedBreakHabit {
  sourceId: string;
  title: string;
  description: string;
  startDate: string;
  /** Its tags' names in Habitica; absent: none. */
  tags?: string[];
  /** Slips per Habitica day, oldest first, none after today. */
  slips: Array<{ day: string; count: number }>;
}

export interface ImportPlan {
  source: ImportSource;
  fileName: string;
  series: PlannedSeries[];
  lifeTasks: PlannedLifeTask[];
  quests: PlannedQuest[];
  /** Habits to break (Habitica's "−"-only habits); absent: none. */
  breakHabits?: PlannedBreakHabit[];
  warnings: string[];
  /** What keeps the file from being imported, naming the item; the preview lists them. */
  problems: string[];
}

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The repeat rule in words: 'Every day', 'Every 3 days', 'Every 2 weeks on Mon, Thu', 'Every month'. */
export function describeRecurrence(rule: ImportRecurrence): string {
  const n = rule.recurrenceInterval;
  if (rule.recurrenceType === 'daily') return n === 1 ? 'Every day' : `Every ${n} days`;
  if (rule.recurrenceType === 'weekly') {
    const days = (rule.weeklyPattern ?? []).map((d) => WEEKDAY_NAMES[d]).join(', ');
    return `${n === 1 ? 'Every week' : `Every ${n} weeks`} on ${days}`;
  }
  const every = n === 1 ? 'Every month' : `Every ${n} months`;
  return rule.monthlyBy === 'weekday' ? `${every} on the same weekday` : every;
}

/**
 * A planned series against what earlier imports brought: the series an earlier import created from the
 * same source item (null: a new one), and the days it does not have yet. Days the series already has
 * an occurrence for (done, skipped or still open in Level Up) are not written again.
 */
export interface PlacedSeries {
  planned: PlannedSeries;
  existingId: string | null;
  completions: PlannedCompletion[];
  skips: string[];
  /** The measure the days are written with (null: done or not); notDone, its days not done. */
  measure: Measure | null;
  notDone: MeasuredDay[];
  /** Completions of the export the series already has. */
  here: number;
}

export interface PlacedLifeTask {
  planned: PlannedLifeTask;
  /** Brought by an earlier import: not created again. */
  here: boolean;
}

export interface PlacedQuest {
  planned: PlannedQuest;
  /** Brought by an earlier import: not created again. */
  here: boolean;
}

/** A habit to break against earlier imports: the habit they made (null: new) and its new slip days. */
export interface PlacedBreakHabit {
  planned: PlannedBreakHabit;
  existingId: string | null;
  slips: Array<{ day: string; count: number }>;
  /** Slips of the export on days the habit already has. */
  here: number;
}

export interface PlacedPlan {
  plan: ImportPlan;
  series: PlacedSeries[];
  lifeTasks: PlacedLifeTask[];
  quests: PlacedQuest[];
  breakHabits: PlacedBreakHabit[];
}

const slipTotal = (slips: ReadonlyArray<{ count: number }>) =>
  slips.reduce((sum, s) => sum + s.count, 0);

/** Everything is new (no earlier import of these items). */
export function allNew(plan: ImportPlan): PlacedPlan {
  return {
    plan,
    series: plan.series.map((planned) => ({
      planned,
      existingId: null,
      completions: planned.completions,
      skips: planned.skips,
      measure: planned.measure ?? null,
      notDone: planned.notDone ?? [],
      here: 0,
    })),
    lifeTasks: plan.lifeTasks.map((planned) => ({ planned, here: false })),
    quests: plan.quests.map((planned) => ({ planned, here: false })),
    breakHabits: (plan.breakHabits ?? []).map((planned) => ({
      planned,
      existingId: null,
      slips: planned.slips,
      here: 0,
    })),
  };
}

/** What the import adds. */
export function countsOf(placed: PlacedPlan): ImportCounts {
  return {
    series: placed.series.filter((s) => s.existingId === null).length,
    lifeTasks: placed.lifeTasks.filter((t) => !t.here).length,
    completions: placed.series.reduce((sum, s) => sum + s.completions.length, 0),
    quests: placed.quests.filter((q) => !q.here).length,
    ...(placed.breakHabits.length > 0 && {
      breakHabits: placed.breakHabits.filter((h) => h.existingId === null).length,
      slips: placed.breakHabits.reduce((sum, h) => sum + slipTotal(h.slips), 0),
    }),
  };
}

/** What earlier imports already brought. */
export function alreadyHereOf(placed: PlacedPlan): ImportCounts {
  return {
    series: placed.series.filter((s) => s.existingId !== null).length,
    lifeTasks: placed.lifeTasks.filter((t) => t.here).length,
    completions: placed.series.reduce((sum, s) => sum + s.here, 0),
    quests: placed.quests.filter((q) => q.here).length,
    ...(placed.breakHabits.length > 0 && {
      breakHabits: placed.breakHabits.filter((h) => h.existingId !== null).length,
      slips: placed.breakHabits.reduce((sum, h) => sum + h.here, 0),
    }),
  };
}

/** What the import will create, as the preview shows it. */
export function previewOf(placed: PlacedPlan, today: string): ImportPreview {
  const { plan } = placed;
  return {
    source: plan.source,
    fileName: plan.fileName,
    series: placed.series.map(
      ({ planned: s, existingId, completions, here, measure, notDone }) => ({
        title: s.title,
        kind: s.kind,
        recurrence: s.recurrence,
        repeatRule: s.paused ? 'Paused' : describeRecurrence(s.recurrence),
        startDate: s.startDate,
        completions: completions.length,
        skippedDays: s.skips.length,
        currentStreak: dayStreaks(
          s.completions.map((c) => c.day),
          today,
          s.skips,
        ).current,
        alreadyHere: existingId !== null,
        completionsAlreadyHere: here,
        ...(s.checklist?.length ? { steps: s.checklist.length } : {}),
        ...(measure && {
          measure,
          partialDays: completions.filter((c) => completionOf(measure, c) === 'partial').length,
          notDoneDays: notDone.length,
        }),
      }),
    ),
    lifeTasks: placed.lifeTasks.map(({ planned: t, here }) => ({
      title: t.title,
      completed: t.completed,
      completedOn: t.completedOn,
      alreadyHere: here,
    })),
    quests: placed.quests.map(({ planned: q, here }) => ({
      title: q.title,
      steps: q.checklist.length,
      stepsDone: q.checklist.filter((step) => step.done).length,
      completed: q.completed,
      completedOn: q.completedOn,
      alreadyHere: here,
    })),
    breakHabits: placed.breakHabits.map(({ planned: h, existingId, slips, here }) => ({
      title: h.title,
      startDate: h.startDate,
      slips: slipTotal(slips),
      alreadyHere: existingId !== null,
      slipsAlreadyHere: here,
    })),
    counts: countsOf(placed),
    alreadyHere: alreadyHereOf(placed),
    warnings: plan.warnings,
    problems: plan.problems,
  };
}

/**
 * How an imported completion counts: for a measurable routine as its measure judged the day with the
 * routine's other days (judgeImportedDays), else Completed.
 */
export function completionOf(measure: Measure | null, c: PlannedCompletion): CompletionType {
  return measure && c.amount !== undefined ? (c.completion ?? 'completed') : 'completed';
}

/**
 * A measurable routine's days with their amounts judged together by its measure (judgeMeasuredDays):
 * per day each by its own amount, per week each by the week's total from Monday to it, which the day
 * keeps as its weekTotal. The days judged Completed or Kinda Sorta are its completions, the rest its
 * days not done.
 */
export function judgeImportedDays(
  measure: Measure,
  days: readonly MeasuredDay[],
): { completions: PlannedCompletion[]; notDone: MeasuredDay[] } {
  const judged = judgeMeasuredDays(
    measure,
    days.map((d) => ({ date: d.day, amount: d.amount })),
  );
  const weekly = periodOf(measure) === 'week';
  const completions: PlannedCompletion[] = [];
  const notDone: MeasuredDay[] = [];
  for (const { day, amount } of [...days].sort((a, b) => (a.day < b.day ? -1 : 1))) {
    const { completion, total } = judged.get(day) ?? { completion: 'not_completed', total: null };
    const week = weekly ? { weekTotal: total } : {};
    if (completion === 'not_completed') notDone.push({ day, amount, ...week });
    else completions.push({ day, at: null, amount, completion, ...week });
  }
  return { completions, notDone };
}

/** One completion per local day, oldest first, none after today. */
export function byDay(completions: PlannedCompletion[], today: string): PlannedCompletion[] {
  const days = new Map<string, PlannedCompletion>();
  for (const c of completions) if (c.day <= today && !days.has(c.day)) days.set(c.day, c);
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/**
 * The series starts on its first completion, or on the given start if earlier; a given start in the
 * future (nothing done yet) is kept; without either, today.
 */
export function startOf(
  completions: PlannedCompletion[],
  given: string | null,
  today: string,
): string {
  const first = completions[0]?.day ?? null;
  const candidates = [first, given].filter((d): d is string => d !== null);
  return candidates.sort()[0] ?? today;
}
