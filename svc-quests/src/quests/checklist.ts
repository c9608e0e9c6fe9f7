import { Types } from 'mongoose';
import {
  isChecklistDone,
  type ChecklistStep,
  type ChecklistStepInput,
  type ToggleQuestResponse,
} from '@levelup/contracts';
import { notFound } from '@levelup/service-kit';
import { toQuest } from './quest-dto.ts';
import type { QuestsRepository } from './repository.ts';

export const stepNotFound = () => notFound('Checklist step not found');

/**
 * The steps to store for a create's or an edit's list: in the order sent, a kept step (its id is one
 * of `stored`) with its id and, unless `done` is sent, its tick; any other step is new, with a new id,
 * not ticked unless sent so. A stored step left out of the list is removed.
 */
export function checklistSteps(
  input: readonly ChecklistStepInput[],
  stored: readonly ChecklistStep[],
): ChecklistStep[] {
  const byId = new Map(stored.map((step) => [step.id, step]));
  return input.map((step) => {
    const kept = step.id === undefined ? undefined : byId.get(step.id);
    return {
      id: kept?.id ?? new Types.ObjectId().toHexString(),
      text: step.text,
      done: step.done ?? kept?.done ?? false,
    };
  });
}

/**
 * Ticks or unticks one step (one atomic update of that step alone). When the tick leaves every step
 * done, the quest's owner chose completeWhenChecklistDone and the quest is not completed yet, the
 * quest is completed by `complete`, the same move as the Complete button: one event, its XP once, even
 * when two last ticks race (the completion lands on one revision only). Unticking never un-completes.
 */
export async function tickChecklistStep(
  deps: {
    quests: QuestsRepository;
    complete: (userId: string, questId: string) => Promise<ToggleQuestResponse>;
    questNotFound: () => Error;
  },
  input: { userId: string; questId: string; stepId: string; done: boolean },
): Promise<ToggleQuestResponse> {
  const { userId, questId, stepId, done } = input;
  const ticked = await deps.quests.tickStep(userId, questId, stepId, done);
  if (!ticked) {
    const quest = await deps.quests.findOwned(userId, questId);
    throw quest ? stepNotFound() : deps.questNotFound();
  }
  if (
    done &&
    ticked.completeWhenChecklistDone &&
    ticked.completionType !== 'completed' &&
    isChecklistDone(ticked.checklist)
  )
    return deps.complete(userId, questId);
  return { ...toQuest(ticked), xpDelta: 0, completionEventId: ticked.completionEventId ?? null };
}
