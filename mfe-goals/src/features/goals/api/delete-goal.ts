import { apiRequest } from '@levelup/web-kit';

/** DELETE /api/goals/{id}: 204; its series links go too. */
export async function deleteGoal(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/goals/${encodeURIComponent(id)}`);
}
