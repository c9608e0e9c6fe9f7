import type { QueryClient } from '@tanstack/react-query';
import type {
  GroupedQuestsResponse,
  Occurrence,
  Quest,
  QuestsWithOccurrencesResponse,
} from '@levelup/contracts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

export type CardKind = 'quest' | 'occurrence';

/** Puts the server's answer into every cached read that holds the item, before the refetch lands. */
export function patchCaches(queryClient: QueryClient, item: Quest | Occurrence, kind: CardKind) {
  const swap = <T extends { id: string }>(list: T[]) =>
    list.map((x) => (x.id === item.id ? ({ ...x, ...item } as T) : x));
  if (kind === 'quest') {
    queryClient.setQueryData<Quest[]>(QUERY_KEYS.quests, (list) => list && swap(list));
    queryClient.setQueriesData<GroupedQuestsResponse>({ queryKey: QUERY_KEYS.grouped }, (data) =>
      data ? { ...data, regularQuests: swap(data.regularQuests) } : data,
    );
  }
  queryClient.setQueriesData<QuestsWithOccurrencesResponse>(
    { queryKey: QUERY_KEYS.withOccurrences },
    (data) =>
      data
        ? kind === 'quest'
          ? { ...data, quests: swap(data.quests) }
          : { ...data, occurrences: swap(data.occurrences) }
        : data,
  );
}

/** The cached quest or occurrence with this id, from whichever read holds it. */
export function findCached(
  queryClient: QueryClient,
  kind: CardKind,
  id: string,
): (Quest | Occurrence) | undefined {
  if (kind === 'quest') {
    const fromList = queryClient.getQueryData<Quest[]>(QUERY_KEYS.quests)?.find((q) => q.id === id);
    if (fromList) return fromList;
  }
  for (const [, data] of queryClient.getQueriesData<QuestsWithOccurrencesResponse>({
    queryKey: QUERY_KEYS.withOccurrences,
  })) {
    const list: (Quest | Occurrence)[] =
      kind === 'quest' ? (data?.quests ?? []) : (data?.occurrences ?? []);
    const found = list.find((x) => x.id === id);
    if (found) return found;
  }
  return undefined;
}
