import { addGoalProgressResponseSchema, type AddGoalProgressResponse } from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/goals/{id}/progress with xpGain (already clamped by clampAddXp); answers the goal and xpAdded. */
export async function addGoalProgress({
  id,
  xpGain,
}: {
  id: string;
  xpGain: number;
}): Promise<AddGoalProgressResponse> {
  return addGoalProgressResponseSchema.parse(
    await apiRequest('POST', `/api/goals/${encodeURIComponent(id)}/progress`, { xpGain }),
  );
}
