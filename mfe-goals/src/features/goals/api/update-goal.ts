import {
  API,
  updateGoalRequestSchema,
  type Goal,
  type UpdateGoalRequest,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Updates a goal: either { status } (Pause / Resume) or the form's fields. */
export async function updateGoal({
  id,
  ...changes
}: { id: string } & UpdateGoalRequest): Promise<Goal> {
  return await call(API.updateGoal, {
    params: { id },
    body: updateGoalRequestSchema.parse(changes),
  });
}
