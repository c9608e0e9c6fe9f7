import type { Todo } from '@levelup/contracts';
import type { TodosRepository } from './repository.ts';

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

export function todosService(deps: { todos: TodosRepository }) {
  return {
    async list(userId: string): Promise<Todo[]> {
      return (await deps.todos.listForUser(userId)).map((doc) => ({
        id: doc._id.toString(),
        text: doc.text,
        dueDate: iso(doc.dueDate),
        isCompleted: doc.isCompleted,
        createdAt: new Date(doc.createdAt).toISOString(),
        completedAt: iso(doc.completedAt),
      }));
    },
  };
}

export type TodosService = ReturnType<typeof todosService>;
