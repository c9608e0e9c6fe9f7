import { queryOptions } from '@tanstack/react-query';
import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** The four achievement tiles, earned from the user's history. */
export const achievementsQueryOptions = queryOptions({
  ...queryOf(API.achievements),
  select: (answer) => answer.achievements,
});
