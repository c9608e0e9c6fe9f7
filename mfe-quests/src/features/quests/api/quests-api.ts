import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { questSchema, type Quest } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

export const questsQueryKey = ['/api/quests'] as const;

/** GET /api/quests: the signed-in user's quests; 401 gives an empty list (core.md section 7). */
export async function fetchQuests(): Promise<Quest[]> {
  return z.array(questSchema).parse(await apiGet<unknown>('/api/quests', 'returnEmpty'));
}

export const questsQueryOptions = queryOptions({ queryKey: questsQueryKey, queryFn: fetchQuests });

/** Uncompleted first, then oldest creation first (core.md section 4, Dashboard ordering; due dates come later). */
export function sortForDashboard(quests: readonly Quest[]): Quest[] {
  return [...quests].sort(
    (a, b) =>
      Number(a.isCompleted) - Number(b.isCompleted) || a.createdAt.localeCompare(b.createdAt),
  );
}
