import {
  habiticaDoneDates,
  addDays,
  localDate,
  localHour,
  zoneOffsetMinutes,
  type HabiticaChecklist,
  habiticaSlipDates,
  type HabiticaDaily,
  type HabiticaExport,
  type HabiticaHabit,
  type HabiticaTodo,
  type HabiticaHistoryEntry,
  type ImportRecurrence,
  type LifeTaskPriority,
  type QuestDifficulty,
} from '@levelup/contracts';
import {
  byDay,
  startOf,
  type ImportPlan,
  type PlannedBreakHabit,
  type PlannedCompletion,
  type PlannedLifeTask,
  type PlannedQuest,
  type PlannedSeries,
  type PlannedStep,
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

/** Dates outside these years are not dates anyone entered (Habitica accepts year 0002). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);

/** A Habitica date the import can use: readable and between 1970 and 2200; null otherwise. */
function readableInstant(value: number | string | null | undefined): Date | null {
  const at = habiticaInstant(value);
  return at && at.getTime() >= EARLIEST && at.getTime() < LATEST ? at : null;
}

/** Local dates and hours on the clock Habitica counted a user's days by. */
export interface HabiticaClock {
  date(at: Date): string;
  hour(at: Date): number;
}

const zoneClock = (timeZone: string): HabiticaClock => ({
  date: (at) => localDate(at, timeZone),
  hour: (at) => localHour(at, timeZone),
});

/** A clock a fixed number of minutes west of UTC, as JavaScript's getTimezoneOffset counts them. */
const offsetClock = (minutesWest: number): HabiticaClock => {
  const shifted = (at: Date) => new Date(at.getTime() - minutesWest * 60_000);
  return {
    date: (at) => shifted(at).toISOString().slice(0, 10),
    hour: (at) => shifted(at).getUTCHours(),
  };
};

/** 300 (minutes west) as 'UTC−05:00', -330 as 'UTC+05:30'. */
function offsetName(minutesWest: number): string {
  const east = -minutesWest;
  const abs = Math.abs(east);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `UTC${east < 0 ? '−' : '+'}${hhmm}`;
}

/** Offsets any place on Earth has had: UTC−12:00 to UTC+14:00, in minutes west. */
const isPlausibleOffset = (minutes: number) =>
  Number.isInteger(minutes) && minutes >= -840 && minutes <= 720;

/**
 * The clock a Habitica export's days were counted by. Habitica keeps the offset from UTC of the
 * browser the user last used (`preferences.timezoneOffset`, minutes west: New York in winter is 300)
 * and dates every day by it. When the user's Level Up zone has that offset in winter or in summer, it
 * is the same place, and the zone is used, so the daylight-saving changes in years of history fall
 * where they fell in Habitica. Otherwise Habitica's fixed offset is used, and a note says so: the
 * history lands on the days Habitica showed, not on days shifted to the new zone. Without an offset
 * the Level Up zone is used.
 */
export function habiticaClock(
  minutesWest: number | undefined,
  timeZone: string,
  today: string,
): { clock: HabiticaClock; note: string | null } {
  if (minutesWest === undefined) return { clock: zoneClock(timeZone), note: null };
  if (!isPlausibleOffset(minutesWest))
    return {
      clock: zoneClock(timeZone),
      note: `Habitica's time zone offset (${minutesWest}) is not a real one: days are counted in your time zone, ${timeZone}`,
    };
  const year = today.slice(0, 4);
  const sameOffset = [`${year}-01-15`, `${year}-07-15`, today].some(
    (day) => -zoneOffsetMinutes(new Date(`${day}T12:00:00Z`), timeZone) === minutesWest,
  );
  if (sameOffset) return { clock: zoneClock(timeZone), note: null };
  return {
    clock: offsetClock(minutesWest),
    note: `Days are counted as Habitica counted them, at ${offsetName(minutesWest)}; your time zone here is ${timeZone}`,
  };
}

/**
 * The Habitica day an instant belongs to: the date on Habitica's clock, where a day starts at the
 * user's custom day start (preferences.dayStart, 0-23): with day start 4, a check-off at 00:30 counts
 * for the day before, as it did in Habitica.
 */
export function habiticaDayOf(at: Date, clock: HabiticaClock, dayStart: number): string {
  const day = clock.date(at);
  return clock.hour(at) < dayStart ? addDays(day, -1) : day;
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
 * The days a task was done: the browser's trimmed `doneAt`, or the raw history read by the same rule
 * (habiticaDoneDates) when a client sends the export as it is.
 */
function completionsOf(
  task: {
    history?: HabiticaHistoryEntry[] | undefined;
    doneAt?: Array<number | string> | undefined;
  },
  marker: 'completed' | 'scoredUp',
  dayOf: (at: Date) => string,
): { completions: PlannedCompletion[]; unreadable: number } {
  const completions: PlannedCompletion[] = [];
  let unreadable = 0;
  for (const date of task.doneAt ?? habiticaDoneDates(task.history, marker)) {
    const at = readableInstant(date);
    if (!at) unreadable += 1;
    else completions.push({ day: dayOf(at), at });
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

const EVERY_DAY: ImportRecurrence = {
  recurrenceType: 'daily',
  recurrenceInterval: 1,
  weeklyPattern: null,
  monthlyBy: 'day_of_month',
};

/** A checklist as lines of the notes ("☑ done item", "☐ open item"), since a life task has no steps. */
function notesWithChecklist(
  notes: string | null | undefined,
  checklist: HabiticaChecklist,
): string {
  const text = (notes ?? '').trim();
  if (!checklist || checklist.length === 0) return text;
  const lines = checklist.map((item) => `${item.completed ? '☑' : '☐'} ${item.text}`);
  return [text, `Checklist:\n${lines.join('\n')}`].filter((part) => part !== '').join('\n\n');
}

interface HabiticaContext {
  clock: HabiticaClock;
  today: string;
  dayOf: (at: Date) => string;
  /** The names of a task's tags (Habitica names them by id); ids the export does not list are left out. */
  tagsOf: (ids: readonly string[] | undefined) => string[];
  warnings: string[];
  problems: string[];
}

/**
 * The names of the export's tags by id, and a reader that turns a task's ids into names, counting the
 * ids with no tag in the export (a tag deleted in Habitica may stay on its tasks).
 */
function habiticaTags(tags: HabiticaExport['tags']) {
  const names = new Map((tags ?? []).map((tag) => [tag.id, tag.name.trim()]));
  let unknown = 0;
  const tagsOf = (ids: readonly string[] | undefined) =>
    (ids ?? []).flatMap((id) => {
      const name = names.get(id);
      if (name === undefined) unknown += 1;
      return name ? [name] : [];
    });
  return { tagsOf, unknown: () => unknown };
}

/** A daily as a series; never-due dailies (every 0, or on no weekday) come in paused. */
function dailySeries(
  daily: HabiticaDaily,
  ctx: HabiticaContext,
): PlannedSeries & { unreadable: number } {
  const repeat = dailyRecurrence(daily);
  const neverDue = daily.everyX === 0 || repeat === null;
  const found = completionsOf(daily, 'completed', ctx.dayOf);
  const completions = byDay(found.completions, ctx.today);
  let start: string | null = null;
  if (daily.startDate !== null && daily.startDate !== undefined && daily.startDate !== '') {
    const at = readableInstant(daily.startDate);
    if (at) start = ctx.clock.date(at);
    else
      ctx.problems.push(
        `"${daily.text}" has a start date that cannot be read: ${JSON.stringify(daily.startDate)}`,
      );
  }
  const startDate = startOf(completions, start, ctx.today);
  if (neverDue)
    ctx.warnings.push(
      `"${daily.text}" is never due in Habitica (${daily.everyX === 0 ? 'every 0 days' : 'on no weekday'}): imported paused, with its history`,
    );
  else if (startDate > ctx.today)
    ctx.warnings.push(`"${daily.text}" starts on ${startDate}, as in Habitica`);
  return {
    sourceId: daily.id ?? daily._id ?? `daily:${daily.text}`,
    title: daily.text,
    description: (daily.notes ?? '').trim(),
    // The items are the routine's steps; what was ticked in Habitica was that day's, not the routine's.
    checklist: checklistItems(daily.checklist).map(({ text }) => ({ text, done: false })),
    kind: 'daily',
    difficulty: difficultyOf(daily.priority),
    // A never-due daily keeps its every-day rule while paused; resuming it schedules it daily.
    recurrence: repeat ?? EVERY_DAY,
    startDate,
    endDate: null,
    paused: neverDue,
    completions,
    skips: [],
    tags: ctx.tagsOf(daily.tags),
    unreadable: found.unreadable,
  };
}

/**
 * A habit that only counts "−" as a habit to break: each "−" click of its history (the browser's
 * `slippedAt`, or the raw history read by habiticaSlipDates) a slip on the Habitica day it was counted
 * on. It starts on its first history day, else the day it was made in Habitica, else today.
 */
function breakHabitOf(
  habit: HabiticaHabit,
  ctx: HabiticaContext,
): PlannedBreakHabit & { unreadable: number } {
  const counts = new Map<string, number>();
  let unreadable = 0;
  for (const date of habit.slippedAt ?? habiticaSlipDates(habit.history)) {
    const at = readableInstant(date);
    if (!at) unreadable += 1;
    else {
      const day = ctx.dayOf(at);
      if (day <= ctx.today) counts.set(day, (counts.get(day) ?? 0) + 1);
    }
  }
  const slips = [...counts]
    .map(([day, count]) => ({ day, count }))
    .sort((a, b) => (a.day < b.day ? -1 : 1));
  const historyDays = (habit.history ?? []).flatMap((entry) => {
    const at = readableInstant(entry.date);
    return at ? [ctx.dayOf(at)] : [];
  });
  const created = readableInstant(habit.createdAt);
  const first = [...historyDays, ...slips.map((s) => s.day)].sort()[0];
  const start = first ?? (created ? ctx.dayOf(created) : ctx.today);
  return {
    sourceId: habit.id ?? habit._id ?? `habit:${habit.text}`,
    title: habit.text,
    description: (habit.notes ?? '').trim(),
    startDate: start > ctx.today ? ctx.today : start,
    tags: ctx.tagsOf(habit.tags),
    slips,
    unreadable,
  };
}

/** A todo as a life task; its dates must be readable. */
function todoTask(todo: HabiticaTodo, ctx: HabiticaContext): PlannedLifeTask {
  const dated = (value: string | number | null | undefined, what: string): Date | null => {
    if (value === null || value === undefined || value === '') return null;
    const at = readableInstant(value);
    if (!at)
      ctx.problems.push(
        `"${todo.text}" has a ${what} that cannot be read: ${JSON.stringify(value)}`,
      );
    return at;
  };
  const dueDate = dated(todo.date, 'due date');
  const doneAt = dated(todo.dateCompleted, 'completion date');
  const completedAt = todo.completed ? doneAt : null;
  const completedOn = completedAt ? ctx.dayOf(completedAt) : null;
  return {
    sourceId: todo.id ?? todo._id ?? `todo:${todo.text}`,
    title: todo.text,
    notes: notesWithChecklist(todo.notes, todo.checklist) || null,
    dueDate,
    priority: lifeTaskPriorityOf(todo.priority),
    completed: todo.completed === true,
    completedAt,
    completedOn: completedOn && completedOn <= ctx.today ? completedOn : null,
  };
}

/** A checklist's items as steps, in order, trimmed, done ones ticked; empty items left out. */
function checklistItems(checklist: HabiticaChecklist): PlannedStep[] {
  return (checklist ?? [])
    .filter((item) => item.text.trim() !== '')
    .map((item) => ({ text: item.text.trim(), done: item.completed === true }));
}

/**
 * A todo with a checklist as a one-time quest whose steps are the checklist's items (done ones ticked),
 * with the todo's dates as read for its life task; null for a todo without items.
 */
function todoQuest(todo: HabiticaTodo, task: PlannedLifeTask, tags: string[]): PlannedQuest | null {
  const checklist = checklistItems(todo.checklist);
  if (checklist.length === 0) return null;
  return {
    sourceId: task.sourceId,
    title: todo.text,
    description: (todo.notes ?? '').trim(),
    difficulty: difficultyOf(todo.priority),
    dueDate: task.dueDate,
    checklist,
    tags,
    completed: task.completed,
    completedAt: task.completedAt,
    completedOn: task.completedOn,
  };
}

/**
 * What a Habitica "user data" export will create: dailies as series on their repeat days (never-due
 * ones paused), habits that count "+" clicks as everyday series, both with their history's done days
 * as completions, counted on Habitica days (Habitica's clock and custom day start); habits that only
 * count slips ("−") as habits to break, their "−" clicks as slips on those days; todos as life tasks,
 * or, with a checklist, as one-time quests with its items as steps. A daily's checklist items are its
 * routine's steps (none ticked: Habitica's ticks were that day's). Tags come by name on routines, quests and habits to break (a life
 * task has none). Rewards have no place in Level Up: they are listed with the reason. Unreadable dates
 * of an item are problems: the preview lists them and the import refuses the file, naming the item.
 */
export function planHabitica(
  data: HabiticaExport,
  fileName: string,
  timeZone: string,
  today: string,
): ImportPlan {
  const dayStart = data.preferences?.dayStart ?? 0;
  const { clock, note } = habiticaClock(data.preferences?.timezoneOffset, timeZone, today);
  const tags = habiticaTags(data.tags);
  const ctx: HabiticaContext = {
    clock,
    today,
    dayOf: (at) => habiticaDayOf(at, clock, dayStart),
    tagsOf: tags.tagsOf,
    warnings: note === null ? [] : [note],
    problems: [],
  };
  let unreadable = 0;
  const series: PlannedSeries[] = [];
  for (const daily of data.tasks.dailys) {
    const { unreadable: lost, ...planned } = dailySeries(daily, ctx);
    unreadable += lost;
    series.push(planned);
  }
  const breakHabits: PlannedBreakHabit[] = [];
  for (const habit of data.tasks.habits) {
    if (habit.up === false) {
      const { unreadable: lost, ...planned } = breakHabitOf(habit, ctx);
      unreadable += lost;
      breakHabits.push(planned);
      continue;
    }
    if (habit.down === true)
      ctx.warnings.push(`"${habit.text}" also counts slips (−): only its + clicks are imported`);
    const found = completionsOf(habit, 'scoredUp', ctx.dayOf);
    unreadable += found.unreadable;
    const completions = byDay(found.completions, today);
    series.push({
      sourceId: habit.id ?? habit._id ?? `habit:${habit.text}`,
      title: habit.text,
      description: habit.notes ?? '',
      kind: 'habit',
      difficulty: difficultyOf(habit.priority),
      recurrence: EVERY_DAY,
      startDate: startOf(completions, null, today),
      endDate: null,
      paused: false,
      completions,
      skips: [],
      tags: ctx.tagsOf(habit.tags),
    });
  }
  const lifeTasks: PlannedLifeTask[] = [];
  const quests: PlannedQuest[] = [];
  let untaggedTasks = 0;
  for (const todo of data.tasks.todos) {
    const task = todoTask(todo, ctx);
    const todoTags = ctx.tagsOf(todo.tags);
    const quest = todoQuest(todo, task, todoTags);
    if (quest) quests.push(quest);
    else {
      lifeTasks.push(task);
      if (todoTags.length > 0) untaggedTasks += 1;
    }
  }
  if (untaggedTasks > 0)
    ctx.warnings.push(
      `${untaggedTasks} todo(s) without a checklist come in as life tasks, which have no tags: their tags are left out`,
    );
  if (tags.unknown() > 0)
    ctx.warnings.push(
      `${tags.unknown()} tag(s) on tasks are not among the export's tags (deleted in Habitica?): left out`,
    );
  for (const reward of data.tasks.rewards)
    ctx.warnings.push(`"${reward.text}" is a reward: rewards are not imported`);
  if (unreadable > 0)
    ctx.warnings.push(`${unreadable} history entries without a readable date left out`);
  return {
    source: 'habitica',
    fileName,
    series,
    lifeTasks,
    quests,
    breakHabits,
    warnings: ctx.warnings,
    problems: ctx.problems,
  };
}
