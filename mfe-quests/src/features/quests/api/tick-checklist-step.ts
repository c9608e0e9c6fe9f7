import { API, tickChecklistStepRequestSchema, type ToggleQuestResponse } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Ticks or unticks one step of a quest: the quest as it now is, and the XP a completion moved. */
export async function tickChecklistStep(input: {
  questId: string;
  stepId: string;
  done: boolean;
}): Promise<ToggleQuestResponse> {
  const body = tickChecklistStepRequestSchema.parse({ done: input.done });
  return await call(API.tickChecklistStep, {
    params: { id: input.questId, stepId: input.stepId },
    body,
  });
}
