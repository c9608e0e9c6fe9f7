import { API, type AddGoalProgressResponse } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Adds xpGain (already clamped by clampAddXp) to a goal; answers the goal and xpAdded. */
export async function addGoalProgress({
  id,
  xpGain,
}: {
  id: string;
  xpGain: number;
}): Promise<AddGoalProgressResponse> {
  return await call(API.addGoalProgress, { params: { id }, body: { xpGain } });
}
