import { useSearchParams } from 'react-router-dom';
import { filterFromParams, paramsWithFilter, type QuestLogFilter } from '../quest-log-filter.ts';

/** The filter in the page's address, and a setter that rewrites it there (one history entry). */
export function useAddressFilter(): [QuestLogFilter, (filter: QuestLogFilter) => void] {
  const [params, setParams] = useSearchParams();
  return [
    filterFromParams(params),
    (filter) => setParams((current) => paramsWithFilter(current, filter), { replace: true }),
  ];
}
