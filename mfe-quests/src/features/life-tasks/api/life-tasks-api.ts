import { queryOptions } from '@tanstack/react-query';
import {
  LIFE_TASK_COMPLETE_METHOD,
  createLifeTaskRequestSchema,
  lifeTaskCompleteResponseSchema,
  lifeTaskListResponseSchema,
  lifeTaskSchema,
  updateLifeTaskRequestSchema,
  type CreateLifeTaskRequestInput,
  type UpdateLifeTaskRequestInput,
  type LifeTask,
  type LifeTaskCompleteResponse,
} from '@levelup/contracts';
import { HttpError, apiGet, apiRequest } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

// core.md section 8: life task failures show the thrown message.
async function withMessage<T>(call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw error;
    throw new Error(message, { cause: error });
  }
}

/** GET /api/life-tasks?includeCompleted=true; 401 gives an empty list (core.md section 7). */
export const lifeTasksQueryOptions = queryOptions({
  queryKey: [...QUERY_KEYS.lifeTasks, 'includeCompleted'],
  queryFn: async (): Promise<LifeTask[]> =>
    lifeTaskListResponseSchema.parse(
      await withMessage(
        () => apiGet<unknown>('/api/life-tasks?includeCompleted=true', 'returnEmpty'),
        'Failed to fetch life tasks',
      ),
    ),
});

export async function createLifeTask(input: CreateLifeTaskRequestInput): Promise<LifeTask> {
  const body = createLifeTaskRequestSchema.parse(input);
  return lifeTaskSchema.parse(
    await withMessage(
      () => apiRequest('POST', '/api/life-tasks', body),
      'Failed to create life task',
    ),
  );
}

export async function completeLifeTask(id: string): Promise<LifeTaskCompleteResponse> {
  return lifeTaskCompleteResponseSchema.parse(
    await withMessage(
      () =>
        apiRequest(LIFE_TASK_COMPLETE_METHOD, `/api/life-tasks/${encodeURIComponent(id)}/complete`),
      'Failed to complete life task',
    ),
  );
}

export async function deleteLifeTask(id: string): Promise<void> {
  await withMessage(
    () => apiRequest('DELETE', `/api/life-tasks/${encodeURIComponent(id)}`),
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
      () => apiRequest('PATCH', `/api/life-tasks/${encodeURIComponent(input.id)}`, body),
      'Failed to update life task',
    ),
  );
}

/** POST /api/life-tasks/{id}/snooze: due at the end of tomorrow. */
export async function snoozeLifeTask(id: string): Promise<LifeTask> {
  return lifeTaskSchema.parse(
    await withMessage(
      () => apiRequest('POST', `/api/life-tasks/${encodeURIComponent(id)}/snooze`),
      'Failed to snooze life task',
    ),
  );
}
