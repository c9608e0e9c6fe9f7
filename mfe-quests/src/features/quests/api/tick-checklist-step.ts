import {
  API,
  tickChecklistStepRequestSchema,
  type OccurrenceToggleResponse,
  type ToggleQuestResponse,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** One step to tick or untick: of a quest, or of an occurrence (a routine's day). */
export interface ChecklistTickInput {
  /** The quest's or the occurrence's id. */
  id: string;
  stepId: string;
  done: boolean;
}

/** Ticks or unticks one step of a quest: the quest as it now is, and the XP a completion moved. */
export async function tickQuestChecklistStep(
  input: ChecklistTickInput,
): Promise<ToggleQuestResponse> {
  const body = tickChecklistStepRequestSchema.parse({ done: input.done });
  return await call(API.tickChecklistStep, {
    params: { id: input.id, stepId: input.stepId },
    body,
  });
}

/** Ticks or unticks one step of a routine's day: the day as it now is, and the XP a completion moved. */
export async function tickOccurrenceChecklistStep(
  input: ChecklistTickInput,
): Promise<OccurrenceToggleResponse> {
  const body = tickChecklistStepRequestSchema.parse({ done: input.done });
  return await call(API.tickOccurrenceChecklistStep, {
    params: { id: input.id, stepId: input.stepId },
    body,
  });
}
