import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todoListResponseSchema } from '@levelup/contracts';
import { todoModel } from '../src/todos/models.ts';
import { startQuests, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
beforeAll(async () => {
  quests = await startQuests();
});
afterAll(async () => {
  await quests.stop();
});

describe('GET /api/todos', () => {
  it('when a new user asks, then the list is empty', async () => {
    const { status, body } = await quests.as(randomUUID())('GET', '/api/todos');
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('when two users have todos, then each sees only their own, oldest first', async () => {
    const ada = randomUUID();
    const Todo = todoModel(quests.deps.db);
    await Todo.create({ userId: ada, text: 'Call mum', dueDate: new Date('2026-11-22T18:00:00Z') });
    await Todo.create({ userId: randomUUID(), text: 'Not yours' });
    await Todo.create({
      userId: ada,
      text: 'Buy milk',
      isCompleted: true,
      completedAt: new Date(),
    });
    const { body } = await quests.as(ada)('GET', '/api/todos');
    expect(
      todoListResponseSchema.parse(body).map((t) => [t.text, t.isCompleted, t.dueDate]),
    ).toEqual([
      ['Call mum', false, '2026-11-22T18:00:00.000Z'],
      ['Buy milk', true, null],
    ]);
  });
});
