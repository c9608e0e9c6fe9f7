import type { Model } from 'mongoose';
import type { TodoDoc } from './models.ts';

export function todosRepository(Todo: Model<TodoDoc>) {
  return {
    async listForUser(userId: string): Promise<TodoDoc[]> {
      return Todo.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean<TodoDoc[]>();
    },
  };
}

export type TodosRepository = ReturnType<typeof todosRepository>;
