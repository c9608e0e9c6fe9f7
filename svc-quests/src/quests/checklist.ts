import { Types } from 'mongoose';
import {
  isChecklistDone,
  type ChecklistStep,
  type ChecklistStepInput,
  type ChecklistTemplateStep,
  type CompletionType,
} from '@levelup/contracts';
import { conflict, notFound } from '@levelup/service-kit';

// The checklist rules of svc-quests, for a one-time quest's steps and a routine's days' alike.

export const stepNotFound = () => notFound('Checklist step not found');

/** How many times an edit of a checklist is tried again when ticks keep landing before it. */
export const CHECKLIST_EDIT_ATTEMPTS = 5;
export const checklistKeptChanging = () =>
  conflict('The checklist kept changing while saving. Please try again.');

const newStepId = () => new Types.ObjectId().toHexString();

/**
 * The steps to store for a create's or an edit's list: in the order sent, a kept step (its id is one
 * of `stored`) with its id and, unless `done` is sent, its tick; any other step is new, not ticked
 * unless sent so, with the id `idOf` gives it (a new id, unless the caller keeps the one sent). A stored
 * step left out of the list is removed.
 */
export function checklistSteps(
  input: readonly ChecklistStepInput[],
  stored: readonly ChecklistStep[],
  idOf: (step: ChecklistStepInput) => string = newStepId,
): ChecklistStep[] {
  const byId = new Map(stored.map((step) => [step.id, step]));
  return input.map((step) => {
    const kept = step.id === undefined ? undefined : byId.get(step.id);
    return {
      id: kept?.id ?? idOf(step),
      text: step.text,
      done: step.done ?? kept?.done ?? false,
    };
  });
}

/** A routine's list of steps from a create's or an edit's: ids as for a quest, no ticks (its days have them). */
export function templateSteps(
  input: readonly ChecklistStepInput[],
  stored: readonly ChecklistTemplateStep[],
): ChecklistTemplateStep[] {
  return checklistSteps(
    input.map(({ id, text }) => ({ id, text })),
    stored.map((step) => ({ ...step, done: false })),
  ).map(({ id, text }) => ({ id, text }));
}

/**
 * A routine's day's steps after its routine's list changed: the list's steps in its order, with the
 * routine's ids, a step the day already had keeping its tick (the edit-merge rule of checklistSteps).
 */
export function daySteps(
  template: readonly ChecklistTemplateStep[],
  stored: readonly ChecklistStep[],
): ChecklistStep[] {
  return checklistSteps(
    template.map(({ id, text }) => ({ id, text })),
    stored,
    (step) => step.id ?? newStepId(),
  );
}

/** What a quest and an occurrence share for a tick. */
export interface ChecklistHolder {
  checklist?: ChecklistStep[];
  completeWhenChecklistDone?: boolean;
  /** A measured routine's day: its amount decides its completion, never its steps. */
  measure?: unknown;
  completionType: CompletionType;
  completionEventId?: string | null;
}

/** A tick's answer, as a toggle's: the item with the XP a completion moved and its event. */
type TickAnswer<Dto> = Dto & { xpDelta: number; completionEventId?: string | null };

/**
 * Ticks or unticks one step of a quest or an occurrence (`tick`: one atomic update of that step alone).
 * When the tick leaves every step done, the owner chose completeWhenChecklistDone and the item is not
 * completed yet, it is completed by `complete`, the same move as its Complete button: one event, its XP
 * once, even when two last ticks race (the completion lands on one revision only). Unticking never
 * un-completes, and a measured day is never completed by its steps (its amount decides).
 */
export async function tickChecklistStep<Doc extends ChecklistHolder, Dto>(
  deps: {
    /** The update of the step; null when the item is not the user's or has no such step. */
    tick: () => Promise<Doc | null>;
    /** Whether the item is the user's (then the step is what was not found). */
    exists: () => Promise<boolean>;
    itemNotFound: () => Error;
    complete: () => Promise<TickAnswer<Dto>>;
    toDto: (doc: Doc) => Dto;
  },
  done: boolean,
): Promise<TickAnswer<Dto>> {
  const ticked = await deps.tick();
  if (!ticked) throw (await deps.exists()) ? stepNotFound() : deps.itemNotFound();
  if (
    done &&
    ticked.completeWhenChecklistDone &&
    !ticked.measure &&
    ticked.completionType !== 'completed' &&
    isChecklistDone(ticked.checklist ?? [])
  )
    return deps.complete();
  return { ...deps.toDto(ticked), xpDelta: 0, completionEventId: ticked.completionEventId ?? null };
}
