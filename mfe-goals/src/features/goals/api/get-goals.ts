import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

/** The signed-in user's goals, oldest first. */
export const goalsQueryOptions = queryOf(API.listGoals);
