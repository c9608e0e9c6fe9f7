import { clearCompletedResponseSchema, type ClearCompletedResponse } from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/quests/clear-completed: clearedCount (core.md section 4). */
export async function clearCompleted(): Promise<ClearCompletedResponse> {
  return clearCompletedResponseSchema.parse(
    await apiRequest('POST', '/api/quests/clear-completed'),
  );
}
