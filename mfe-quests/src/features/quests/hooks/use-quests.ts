import { useQuery } from '@tanstack/react-query';
import { questsQueryOptions } from '../api/quests-api.ts';

export function useQuests() {
  return useQuery(questsQueryOptions);
}
