import { useQuery } from '@tanstack/react-query';
import { dayQuestsQueryOptions } from '../api/day-quests-api.ts';
import { occurrenceItem, questItem, type CardItem } from '../components/card-item.ts';

/** A local day's quests and occurrences as card items (occurrences hidden from the dashboard left out). */
export function useDayQuests(day: string) {
  const query = useQuery(dayQuestsQueryOptions(day));
  const items: CardItem[] | undefined = query.data && [
    ...query.data.quests.map(questItem),
    ...query.data.occurrences.map(occurrenceItem),
  ];
  return { ...query, items };
}
