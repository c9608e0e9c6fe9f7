import {
  API,
  createGoalRequestSchema,
  type CreateGoalRequestInput,
  type Goal,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Creates a goal: title, description, theme, targetXp, cadence, color. */
export async function createGoal(input: CreateGoalRequestInput): Promise<Goal> {
  return await call(API.createGoal, { body: createGoalRequestSchema.parse(input) });
}
