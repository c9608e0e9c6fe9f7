import { queryOptions } from '@tanstack/react-query';
import { API, type Todo } from '@levelup/contracts';
import { callOr401 } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** The todos; only counted here, for the new-user rule. */
export const todosQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.todos,
  queryFn: async (): Promise<Todo[]> => await callOr401(API.listTodos, 'returnEmpty'),
});
