import { queryOptions } from '@tanstack/react-query';
import { todoListResponseSchema, type Todo } from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** GET /api/todos (core.md section 7); only counted here, for the new-user rule. */
export const todosQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.todos,
  queryFn: async (): Promise<Todo[]> =>
    todoListResponseSchema.parse(await apiGet<unknown>('/api/todos', 'returnEmpty')),
});
