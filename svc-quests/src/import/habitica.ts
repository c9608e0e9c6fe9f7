import {
  localDate,
  type HabiticaDaily,
  type HabiticaExport,
  type HabiticaHistoryEntry,
  type ImportRecurrence,
  type LifeTaskPriority,
  type QuestDifficulty,
} from '@levelup/contracts';
import {
  byDay,
  startOf,
  type ImportPlan,
  type PlannedCompletion,
  type PlannedLifeTask,
  type PlannedSeries,
} from './plan.ts';

/** Habitica's repeat keys, Sunday first as Level Up's weekdays 0-6. */
const REPEAT_KEYS = ['su', 'm', 't', 'w', 'th', 'f', 's'];

/** A Habitica date: epoch milliseconds (history) or an ISO string; null when unreadable. */
export function habiticaInstant(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date =
    typeof value === 'number' || /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Habitica's priority (0.1 trivial, 1 easy, 1.5 medium, 2 hard) as a difficulty. */
function difficultyOf(priority: number | undefined): QuestDifficulty {
  if (priority !== undefined && priority >= 2) return 'hard';
  if (priority !== undefined && priority >= 1.5) return 'medium';
  return 'easy';
}

function lifeTaskPriorityOf(priority: number | undefined): LifeTaskPriority {
  if (priority !== undefined && priority >= 2) return 'high';
  if (priority !== undefined && priority < 1) return 'low';
  return 'medium';
}

/**
 * The days a task was done from its history. Newer exports mark each daily entry `completed` and each
 * habit entry `scoredUp`; older ones only have the task's value, which rises when it was done.
 */
function completionsOf(
  history: HabiticaHistoryEntry[] | undefined,
  marker: 'completed' | 'scoredUp',
  timeZone: string,
): { completions: PlannedCompletion[]; unreadable: number } {
  const entries = [...(history ?? [])];
  const completions: PlannedCompletion[] = [];
  let unreadable = 0;
  const marked = entries.some((e) => e[marker] !== undefined);
  let previous: number | null = null;
  for (const entry of entries) {
    const at = habiticaInstant(entry.date);
    const value: number = entry.value ?? previous ?? 0;
    const done = marked
      ? marker === 'completed'
        ? entry.completed === true
        : (entry.scoredUp ?? 0) > 0
      : value > (previous ?? 0);
    previous = value;
    if (!at) {
      unreadable += 1;
      continue;
    }
    if (done) completions.push({ day: localDate(at, timeZone), at });
  }
  return { completions, unreadable };
}

/**
 * A daily's repeat as a Level Up schedule: daily every X days, weekly every X weeks on its repeat days,
 * monthly every X months (on the date, or on the weekday when it repeats by week of the month), yearly
 * every 12 X months. Null when it never repeats (weekly with no day).
 */
export function dailyRecurrence(daily: HabiticaDaily): ImportRecurrence | null {
  const every = Math.max(1, daily.everyX ?? 1);
  const rule = { weeklyPattern: null, monthlyBy: 'day_of_month' as const };
  switch (daily.frequency ?? 'weekly') {
    case 'daily':
      return { ...rule, recurrenceType: 'daily', recurrenceInterval: every };
    case 'monthly':
      return {
        ...rule,
        recurrenceType: 'monthly',
        recurrenceInterval: every,
        monthlyBy: (daily.weeksOfMonth?.length ?? 0) > 0 ? 'weekday' : 'day_of_month',
      };
    case 'yearly':
      return { ...rule, recurrenceType: 'monthly', recurrenceInterval: 12 * every };
    case 'weekly': {
      const repeat = daily.repeat ?? Object.fromEntries(REPEAT_KEYS.map((k) => [k, true]));
      const days = REPEAT_KEYS.flatMap((key, day) => (repeat[key] ? [day] : []));
      if (days.length === 0) return null;
      return { ...rule, recurrenceType: 'weekly', recurrenceInterval: every, weeklyPattern: days };
    }
  }
}

/**
 * What a Habitica "user data" export will create: dailies as series on their repeat days, positive
 * habits as everyday series, both with their history's done days as completions; todos as life tasks,
 * done on the day they were completed. Negative-only habits (the ones you avoid) are left out: their
 * history counts slips, not completions.
 */
export function planHabitica(
  data: HabiticaExport,
  fileName: string,
  timeZone: string,
  today: string,
): ImportPlan {
  const warnings: string[] = [];
  let unreadable = 0;
  const series: PlannedSeries[] = [];
  for (const daily of data.tasks.dailys) {
    const recurrence = dailyRecurrence(daily);
    if (!recurrence) {
      warnings.push(`"${daily.text}" repeats on no day: not imported`);
      continue;
    }
    const found = completionsOf(daily.history, 'completed', timeZone);
    unreadable += found.unreadable;
    const completions = byDay(found.completions, today);
    const start = habiticaInstant(daily.startDate);
    series.push({
      sourceId: daily.id ?? daily._id ?? `daily:${daily.text}`,
      title: daily.text.slice(0, 200),
      description: daily.notes ?? '',
      kind: 'daily',
      difficulty: difficultyOf(daily.priority),
      recurrence,
      startDate: startOf(completions, start ? localDate(start, timeZone) : null, today),
      endDate: null,
      completions,
      skips: [],
    });
  }
  for (const habit of data.tasks.habits) {
    if (habit.up === false) {
      warnings.push(`"${habit.text}" is a negative habit: not imported`);
      continue;
    }
    const found = completionsOf(habit.history, 'scoredUp', timeZone);
    unreadable += found.unreadable;
    const completions = byDay(found.completions, today);
    series.push({
      sourceId: habit.id ?? habit._id ?? `habit:${habit.text}`,
      title: habit.text.slice(0, 200),
      description: habit.notes ?? '',
      kind: 'habit',
      difficulty: difficultyOf(habit.priority),
      recurrence: {
        recurrenceType: 'daily',
        recurrenceInterval: 1,
        weeklyPattern: null,
        monthlyBy: 'day_of_month',
      },
      startDate: startOf(completions, null, today),
      endDate: null,
      completions,
      skips: [],
    });
  }
  const lifeTasks: PlannedLifeTask[] = data.tasks.todos.map((todo) => {
    const completedAt = todo.completed ? habiticaInstant(todo.dateCompleted) : null;
    const completedOn = completedAt ? localDate(completedAt, timeZone) : null;
    return {
      sourceId: todo.id ?? todo._id ?? `todo:${todo.text}`,
      title: todo.text.slice(0, 200),
      notes: todo.notes ?? null,
      dueDate: habiticaInstant(todo.date),
      priority: lifeTaskPriorityOf(todo.priority),
      completed: todo.completed === true,
      completedAt,
      completedOn: completedOn && completedOn <= today ? completedOn : null,
    };
  });
  if (unreadable > 0)
    warnings.push(`${unreadable} history entries without a readable date left out`);
  return { source: 'habitica', fileName, series, lifeTasks, warnings };
}
