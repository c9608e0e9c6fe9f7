import { queryOptions } from '@tanstack/react-query';
import {
  API,
  LIFE_TASK_COMPLETE_METHOD,
  createLifeTaskRequestSchema,
  lifeTaskCompleteResponseSchema,
  lifeTaskListResponseSchema,
  lifeTaskSchema,
  undoCompletionResponseSchema,
  updateLifeTaskRequestSchema,
  type CreateLifeTaskRequestInput,
  type UpdateLifeTaskRequestInput,
  type LifeTask,
  type LifeTaskCompleteResponse,
  type UndoCompletionResponse,
} from '@levelup/contracts';
import { HttpError, call, callOr401 } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

// Life task failures show the thrown message.
async function withMessage<T>(send: () => Promise<T>, message: string): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw error;
    throw new Error(message, { cause: error });
  }
}

/** The life tasks, completed ones included; 401 gives an empty list. */
export const lifeTasksQueryOptions = queryOptions({
  queryKey: [...QUERY_KEYS.lifeTasks, 'includeCompleted'],
  queryFn: async (): Promise<LifeTask[]> =>
    lifeTaskListResponseSchema.parse(
      await withMessage(
        () => callOr401(API.listLifeTasks, 'returnEmpty', { query: { includeCompleted: 'true' } }),
        'Failed to fetch life tasks',
      ),
    ),
});

export async function createLifeTask(input: CreateLifeTaskRequestInput): Promise<LifeTask> {
  const body = createLifeTaskRequestSchema.parse(input);
  return lifeTaskSchema.parse(
    await withMessage(() => call(API.createLifeTask, { body }), 'Failed to create life task'),
  );
}

export async function completeLifeTask(id: string): Promise<LifeTaskCompleteResponse> {
  return lifeTaskCompleteResponseSchema.parse(
    await withMessage(
      () =>
        call({ ...API.completeLifeTask, method: LIFE_TASK_COMPLETE_METHOD }, { params: { id } }),
      'Failed to complete life task',
    ),
  );
}

export async function deleteLifeTask(id: string): Promise<void> {
  await withMessage(
    () => call(API.deleteLifeTask, { params: { id } }),
    'Failed to delete life task',
  );
}

export async function updateLifeTask(input: {
  id: string;
  changes: UpdateLifeTaskRequestInput;
}): Promise<LifeTask> {
  const body = updateLifeTaskRequestSchema.parse(input.changes);
  return lifeTaskSchema.parse(
    await withMessage(
      () => call(API.updateLifeTask, { params: { id: input.id }, body }),
      'Failed to update life task',
    ),
  );
}

/** Snoozes a life task: due at the end of tomorrow. */
export async function snoozeLifeTask(id: string): Promise<LifeTask> {
  return lifeTaskSchema.parse(
    await withMessage(
      () => call(API.snoozeLifeTask, { params: { id } }),
      'Failed to snooze life task',
    ),
  );
}

/**
 * Un-completes a life task: Undo of its check-off `eventId` (the task's completionEventId), which takes
 * back exactly the XP it earned, once.
 */
export async function undoLifeTaskCompletion(eventId: string): Promise<UndoCompletionResponse> {
  return undoCompletionResponseSchema.parse(
    await withMessage(
      () => call(API.undoCompletion, { params: { eventId } }),
      'Failed to undo the life task',
    ),
  );
}
