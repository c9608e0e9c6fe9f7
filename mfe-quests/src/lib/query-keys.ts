import type { QueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '@levelup/web-kit';

// Query keys are the URL's parts (core.md section 7: reads join the key parts with slashes); a key's
// first part is its path, so invalidating by that prefix refreshes every range and month of a read.
export const QUERY_KEYS = {
  quests: ['/api/quests'],
  withOccurrences: ['/api/quests/with-occurrences'],
  occurrences: ['/api/quests/occurrences'],
  grouped: ['/api/quests/grouped'],
  recurring: ['/api/quests/recurring'],
  lifeTasks: ['/api/life-tasks'],
  todos: ['/api/todos'],
  overview: ['/api/dashboard/overview'],
  calendar: ['/api/dashboard/calendar'],
  goals: ['/api/goals'],
} as const;

type Key = keyof typeof QUERY_KEYS;

/** Refreshes the reads a change touches (core.md section 7, Cache refresh after success). */
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
];
