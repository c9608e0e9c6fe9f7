import type { QueryClient } from '@tanstack/react-query';
import { API } from '@levelup/contracts';
import { profileQueryKey, queryKeyOf } from '@levelup/web-kit';

// A read's key starts with its operation's path (queryKeyOf without parameters), then the day, month or
// flag it is for, so invalidating by that first part refreshes every range and month of a read.
export const QUERY_KEYS = {
  quests: queryKeyOf(API.listQuests),
  withOccurrences: queryKeyOf(API.listQuestsWithOccurrences),
  occurrences: queryKeyOf(API.listOccurrences),
  grouped: queryKeyOf(API.groupedQuests),
  recurring: queryKeyOf(API.listSeries),
  lifeTasks: queryKeyOf(API.listLifeTasks),
  breakHabits: queryKeyOf(API.listBreakHabits),
  todos: queryKeyOf(API.listTodos),
  overview: queryKeyOf(API.dashboardOverview),
  calendar: queryKeyOf(API.dashboardCalendar),
  // A read by path parameter: keyed by its path pattern, then the day.
  dayActivity: [API.dayActivity.path] as [string],
  // A habit's statistics, then its id; the Habits list's scores.
  habitStats: [API.habitStats.path] as [string],
  habitScores: queryKeyOf(API.habitScores),
  goals: queryKeyOf(API.listGoals),
} as const;

type Key = keyof typeof QUERY_KEYS;

/** Refreshes the reads a change touches (the cache refresh after a successful change). */
export function refresh(queryClient: QueryClient, keys: readonly Key[], profile = false) {
  return Promise.all([
    ...keys.map((key) => queryClient.invalidateQueries({ queryKey: QUERY_KEYS[key] })),
    ...(profile ? [queryClient.invalidateQueries({ queryKey: profileQueryKey })] : []),
  ]);
}

/** What every completion, progress, hide or clear refreshes: the quest reads, overview and calendar. */
export const QUEST_READS: readonly Key[] = [
  'quests',
  'withOccurrences',
  'occurrences',
  'grouped',
  'recurring',
  'overview',
  'calendar',
  'dayActivity',
  'habitStats',
  'habitScores',
];
