import { API, clearCompletedResponseSchema, type ClearCompletedResponse } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Clear Completed: answers clearedCount. */
export async function clearCompleted(): Promise<ClearCompletedResponse> {
  return clearCompletedResponseSchema.parse(await call(API.clearCompletedQuests));
}
