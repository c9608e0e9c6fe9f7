import type { QuestCategory, TimeOfDay } from './enums.ts';

// The time-based quest view: section assignment and hours.

export type QuestSection = 'morning' | 'afternoon' | 'evening' | 'todos';

export const SECTION_TITLES: Readonly<Record<QuestSection, string>> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
  todos: "To Do's",
};

const CATEGORY_SECTION: Readonly<Record<QuestCategory, QuestSection>> = {
  morning_routine: 'morning',
  work_focus: 'afternoon',
  creative_project: 'afternoon',
  learning: 'afternoon',
  social_connection: 'afternoon',
  evening_routine: 'evening',
  self_care: 'evening',
  health_fitness: 'evening',
  other: 'evening',
  chores_errands: 'todos',
};

/** A quest goes to its timeOfDay (anytime to To Do's); with none, by category; no category to To Do's. */
export function questSection(quest: {
  timeOfDay?: TimeOfDay | null;
  category?: QuestCategory | null;
}): QuestSection {
  if (quest.timeOfDay) return quest.timeOfDay === 'anytime' ? 'todos' : quest.timeOfDay;
  if (quest.category) return CATEGORY_SECTION[quest.category];
  return 'todos';
}

/** Morning 6-12, afternoon 12-18, evening 18-6: the section open by default at an hour. */
export function sectionForHour(hour: number): Exclude<QuestSection, 'todos'> {
  if (hour >= 6 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

/** Header count: '1 Quest' / 'N Quests'. */
export function questCountLabel(count: number): string {
  return count === 1 ? '1 Quest' : `${count} Quests`;
}

/** Header progress: 'done/total completed' and the percent done (0 when empty). */
export function sectionProgress(done: number, total: number): { text: string; percent: number } {
  return {
    text: `${done}/${total} completed`,
    percent: total === 0 ? 0 : Math.round((done / total) * 100),
  };
}

/** Empty state of a section. */
export function emptySectionText(section: QuestSection): string {
  return `No quests for ${SECTION_TITLES[section]}`;
}

/** A series counts as done in a section if today's or yesterday's occurrence is completed and not hidden. */
export function isSeriesDoneInSection(series: {
  todaysOccurrence: { isCompleted: boolean; hiddenFromDashboard: boolean } | null;
  yesterdaysOccurrence: { isCompleted: boolean; hiddenFromDashboard: boolean } | null;
}): boolean {
  return [series.todaysOccurrence, series.yesterdaysOccurrence].some(
    (o) => !!o && o.isCompleted && !o.hiddenFromDashboard,
  );
}

export type PlannerBlock = 'morning' | 'afternoon' | 'evening';

/** Planner hours: morning 6-11, afternoon 12-17, evening 18-23. */
export const PLANNER_HOURS: Readonly<Record<PlannerBlock, readonly number[]>> = {
  morning: [6, 7, 8, 9, 10, 11],
  afternoon: [12, 13, 14, 15, 16, 17],
  evening: [18, 19, 20, 21, 22, 23],
};

/** Default hour when adding a quest to a block: 8, 14, 18. */
export const DEFAULT_SCHEDULE_HOUR: Readonly<Record<PlannerBlock, number>> = {
  morning: 8,
  afternoon: 14,
  evening: 18,
};

export function plannerHourBlocks(): { block: PlannerBlock; hours: readonly number[] }[] {
  return (['morning', 'afternoon', 'evening'] as const).map((block) => ({
    block,
    hours: PLANNER_HOURS[block],
  }));
}

/** The planner block an hour belongs to; 0-5 belong to none. */
export function plannerBlockForHour(hour: number): PlannerBlock | null {
  for (const block of ['morning', 'afternoon', 'evening'] as const)
    if (PLANNER_HOURS[block].includes(hour)) return block;
  return null;
}

/** A wall-clock time as cards show it: 9:05 -> '9:05 AM', 0:00 -> '12:00 AM', 18:30 -> '6:30 PM'. */
export function clockLabel(hour: number, minute: number): string {
  const h = ((hour % 24) + 24) % 24;
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Minutes between two choices of the quest form's time picker. */
export const SCHEDULE_MINUTE_STEP = 15;

/**
 * The times a quest of this time of day can be scheduled at, in minutes after midnight: every quarter
 * hour of its block's hours (morning 6:00 to 11:45, afternoon 12:00 to 17:45, evening 18:00 to 23:45);
 * none for 'anytime', which has no time. A time already set outside them (`current`) stays a choice, so
 * editing a quest never drops its time unasked.
 */
export function scheduleTimeChoices(timeOfDay: TimeOfDay, current?: number | null): number[] {
  const hours = timeOfDay === 'anytime' ? [] : PLANNER_HOURS[timeOfDay];
  const choices = hours.flatMap((hour) =>
    Array.from(
      { length: 60 / SCHEDULE_MINUTE_STEP },
      (_, i) => hour * 60 + i * SCHEDULE_MINUTE_STEP,
    ),
  );
  if (current !== undefined && current !== null && !choices.includes(current))
    return [...choices, current].sort((a, b) => a - b);
  return choices;
}

/** Planner slot label: 6 -> '6 AM', 12 -> '12 PM', 23 -> '11 PM'. */
export function hourLabel(hour: number): string {
  const h = ((hour % 24) + 24) % 24;
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve} ${h < 12 ? 'AM' : 'PM'}`;
}
