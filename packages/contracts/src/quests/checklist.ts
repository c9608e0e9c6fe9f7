import { z } from 'zod';

// A checklist: the steps inside one quest ("Clean the kitchen": dishes, counters, floor ...) or inside
// each day of a routine, ticked one by one. Ticking the last one may complete the quest or the day,
// when the user chose so. A routine keeps the list of steps; each of its days gets its own copy to tick.

/** The most steps one quest (or one routine) carries. */
export const CHECKLIST_MAX_STEPS = 30;
/** The longest text of one step (after trimming). */
export const CHECKLIST_STEP_MAX_LENGTH = 200;

export const CHECKLIST_STEP_EMPTY_MESSAGE = 'A step cannot be empty';
export const CHECKLIST_STEP_TOO_LONG_MESSAGE = `A step is at most ${CHECKLIST_STEP_MAX_LENGTH} characters`;
export const CHECKLIST_TOO_MANY_MESSAGE = `A quest has at most ${CHECKLIST_MAX_STEPS} steps`;
export const CHECKLIST_DUPLICATE_ID_MESSAGE = 'Each step id may appear once';
/** The switch of the quest forms, and what it means. */
export const COMPLETE_WHEN_CHECKLIST_DONE_LABEL = 'Complete the quest when every step is ticked';

/** A step's id: chosen by svc-quests when the step is added, kept while the step lives. */
export const checklistStepIdSchema = z
  .string({ error: 'stepId is required' })
  .trim()
  .min(1, 'stepId is required')
  .max(64, 'stepId is at most 64 characters');

export const checklistStepTextSchema = z
  .string({ error: CHECKLIST_STEP_EMPTY_MESSAGE })
  .trim()
  .min(1, CHECKLIST_STEP_EMPTY_MESSAGE)
  .max(CHECKLIST_STEP_MAX_LENGTH, CHECKLIST_STEP_TOO_LONG_MESSAGE);

/** One step as services answer it. */
export const checklistStepSchema = z.object({
  id: z.string(),
  text: z.string(),
  done: z.boolean(),
});
export type ChecklistStep = z.infer<typeof checklistStepSchema>;

/**
 * A step as a create or an edit sends it: a new step has no id (svc-quests gives it one); a kept step
 * sends its id, and keeps its tick unless `done` is sent.
 */
export const checklistStepInputSchema = z.object({
  id: checklistStepIdSchema.optional(),
  text: checklistStepTextSchema,
  done: z.boolean().optional(),
});
export type ChecklistStepInput = z.infer<typeof checklistStepInputSchema>;

/** The whole ordered list of a create or an edit: at most CHECKLIST_MAX_STEPS, ids unique. */
export const checklistInputSchema = z
  .array(checklistStepInputSchema, { error: 'checklist must be a list of steps' })
  .max(CHECKLIST_MAX_STEPS, CHECKLIST_TOO_MANY_MESSAGE)
  .refine(
    (steps) => {
      const ids = steps.flatMap((s) => (s.id ? [s.id] : []));
      return new Set(ids).size === ids.length;
    },
    { message: CHECKLIST_DUPLICATE_ID_MESSAGE },
  );

/**
 * Route parameters of PUT /api/quests/{id}/checklist/{stepId} and of
 * PUT /api/quests/occurrences/{id}/checklist/{stepId}.
 */
export const checklistStepParamsSchema = z.object({
  id: z.string().min(1),
  stepId: checklistStepIdSchema,
});

/** PUT .../checklist/{stepId} (a quest's or an occurrence's): ticks (true) or unticks (false) one step. */
export const tickChecklistStepRequestSchema = z.strictObject({
  done: z.boolean({ error: 'done must be true or false' }),
});
export type TickChecklistStepRequest = z.infer<typeof tickChecklistStepRequestSchema>;

/** A routine's step as the routine keeps it: the ticks are its days' (each day has its own copy). */
export const checklistTemplateStepSchema = checklistStepSchema.omit({ done: true });
export type ChecklistTemplateStep = z.infer<typeof checklistTemplateStepSchema>;

/**
 * The checklist fields of a create, a quest's and a routine's alike: the steps (none by default) and the
 * user's choice that the tick leaving every step done completes the quest or the day (off by default).
 */
export const checklistCreateFields = {
  checklist: checklistInputSchema.default([]),
  completeWhenChecklistDone: z.boolean().default(false),
};

/** The same fields in an edit: absent stays as it is; a list sent is the whole new list, in order. */
export const checklistUpdateFields = {
  /** The whole new list, in order: kept steps send their id; a step left out is removed. */
  checklist: checklistInputSchema.optional(),
  completeWhenChecklistDone: z.boolean().optional(),
};

/** The same fields in an answer (a quest's, an occurrence's): the steps with their ticks. */
export const checklistAnswerFields = {
  /** The steps, in order (none for most; absent from older answers: none). */
  checklist: z.array(checklistStepSchema).default([]),
  completeWhenChecklistDone: z.boolean().default(false),
};

/** How far a checklist is: steps ticked of all ("2/5 steps"). */
export function checklistProgress(steps: readonly Pick<ChecklistStep, 'done'>[]): {
  done: number;
  total: number;
  percent: number;
} {
  const done = steps.filter((s) => s.done).length;
  const total = steps.length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** How far a checklist is, in words: "2/5 steps" (one step: "0/1 step"). The card and the feed say it. */
export function checklistStepsLabel(done: number, total: number): string {
  return `${done}/${total} ${total === 1 ? 'step' : 'steps'}`;
}

/** True when a checklist has steps and every one is ticked. */
export function isChecklistDone(steps: readonly Pick<ChecklistStep, 'done'>[]): boolean {
  return steps.length > 0 && steps.every((s) => s.done);
}
