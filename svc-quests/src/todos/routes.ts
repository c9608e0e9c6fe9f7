import { Router } from '@koa/router';
import { userIdOf } from '@levelup/service-kit';
import type { TodosService } from './todos.service.ts';

export function todosRouter(deps: { todos: TodosService }): Router {
  const router = new Router();
  router.get('/api/todos', async (ctx) => {
    ctx.body = await deps.todos.list(userIdOf(ctx));
  });
  return router;
}
