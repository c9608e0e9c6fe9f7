import {
  goalSchema,
  updateGoalRequestSchema,
  type Goal,
  type UpdateGoalRequest,
} from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** PUT /api/goals/{id}: either { status } (Pause / Resume) or the form's fields. */
export async function updateGoal({
  id,
  ...changes
}: { id: string } & UpdateGoalRequest): Promise<Goal> {
  return goalSchema.parse(
    await apiRequest(
      'PUT',
      `/api/goals/${encodeURIComponent(id)}`,
      updateGoalRequestSchema.parse(changes),
    ),
  );
}
