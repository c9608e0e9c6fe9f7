import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { TodosService } from './todos.service.ts';

export function todosRouter(deps: { todos: TodosService }): Router {
  const router = new Router();
  mount(router, API.listTodos, ({ ctx }) => deps.todos.list(userIdOf(ctx)));
  return router;
}
