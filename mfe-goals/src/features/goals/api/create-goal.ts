import {
  createGoalRequestSchema,
  goalSchema,
  type CreateGoalRequestInput,
  type Goal,
} from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/goals: title, description, theme, targetXp, cadence, color (section 7, Create goal). */
export async function createGoal(input: CreateGoalRequestInput): Promise<Goal> {
  return goalSchema.parse(
    await apiRequest('POST', '/api/goals', createGoalRequestSchema.parse(input)),
  );
}
