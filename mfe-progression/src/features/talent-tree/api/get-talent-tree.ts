import { queryOptions } from '@tanstack/react-query';
import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** The seeded nodes with positions, prerequisites, effects and messages. */
export const talentTreeQueryOptions = queryOptions({
  ...queryOf(API.talentTree),
  staleTime: Infinity,
});
