import { API, type ClearCompletedResponse } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Clear Completed: answers clearedCount. */
export async function clearCompleted(): Promise<ClearCompletedResponse> {
  return await call(API.clearCompletedQuests);
}
