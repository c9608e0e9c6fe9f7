import { z } from 'zod';
import { dateInputSchema, isoDateTimeSchema } from '../common/dates.ts';
import {
  completionTypeSchema,
  growthPathSchema,
  questCategorySchema,
  questDifficultySchema,
  QUEST_TAG_MAX_LENGTH,
  QUEST_TAGS_MAX,
  timeOfDaySchema,
} from './enums.ts';
import {
  checklistAnswerFields,
  checklistCreateFields,
  checklistUpdateFields,
} from './checklist.ts';
import { defaultXpForDifficulty } from './xp.ts';

const QUEST_TITLE_MESSAGE = 'Quest title must be at least 3 characters';
const QUEST_DESCRIPTION_MESSAGE = 'Quest description must be at least 10 characters';

/** A quest's or a series' title (message word for word). */
export const questTitleSchema = z
  .string({ error: QUEST_TITLE_MESSAGE })
  .trim()
  .min(3, QUEST_TITLE_MESSAGE);
/** At least 10 characters, so a description is required: a missing one gets the same message. */
export const questDescriptionSchema = z
  .string({ error: QUEST_DESCRIPTION_MESSAGE })
  .trim()
  .min(10, QUEST_DESCRIPTION_MESSAGE);

/** A quest's own labels: free words to group and find quests by (the Quest Log filters by one). */
export const questTagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'A tag cannot be empty')
      .max(QUEST_TAG_MAX_LENGTH, `A tag is at most ${QUEST_TAG_MAX_LENGTH} characters`),
  )
  .max(QUEST_TAGS_MAX, `A quest has at most ${QUEST_TAGS_MAX} tags`);

/** Tags as typed in: trimmed, the empty dropped, and one spelling each whatever the case. */
export function normaliseTags(value: unknown): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of Array.isArray(value) ? value : []) {
    const tag = String(raw).trim();
    if (!tag || seen.has(tag.toLocaleLowerCase())) continue;
    seen.add(tag.toLocaleLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Fields of a new quest (Creation shapes; messages word for word). */
export const createQuestFieldsSchema = z.object({
  title: questTitleSchema,
  description: questDescriptionSchema,
  difficulty: questDifficultySchema.default('easy'),
  xpReward: z.number().int().min(1).max(1000).optional(),
  timeEstimate: z.string().trim().max(50).nullable().optional(),
  dueDate: dateInputSchema,
  scheduledTime: dateInputSchema,
  tags: questTagsSchema.default([]),
  isOnboarding: z.boolean().optional(),
  isRecurring: z.boolean().default(false),
  category: questCategorySchema.nullable().optional(),
  timeOfDay: timeOfDaySchema.default('anytime'),
  growthPath: growthPathSchema.nullable().optional(),
  /** The steps, and the user's choice: ticking the last step completes the quest. */
  ...checklistCreateFields,
});

/** POST /api/quests. xpReward defaults by difficulty when omitted (see defaultXpForDifficulty). */
export const createQuestRequestSchema = createQuestFieldsSchema.transform((q) => ({
  ...q,
  xpReward: q.xpReward ?? defaultXpForDifficulty(q.difficulty),
  timeEstimate: q.timeEstimate ?? null,
  category: q.category ?? null,
  growthPath: q.growthPath ?? null,
}));
export type CreateQuestRequest = z.infer<typeof createQuestRequestSchema>;
export type CreateQuestRequestInput = z.input<typeof createQuestRequestSchema>;

/** What a quest and a recurring series both carry when services answer them. */
export const questCoreSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  difficulty: questDifficultySchema,
  xpReward: z.number().int().min(0),
  timeEstimate: z.string().nullable(),
  category: questCategorySchema.nullable(),
  timeOfDay: timeOfDaySchema,
  growthPath: growthPathSchema.nullable(),
  createdAt: isoDateTimeSchema,
});

/** A quest as services answer it; instants are ISO strings. */
export const questSchema = questCoreSchema.extend({
  dueDate: isoDateTimeSchema.nullable(),
  scheduledTime: isoDateTimeSchema.nullable(),
  isRecurring: z.boolean(),
  isCompleted: z.boolean(),
  completionType: completionTypeSchema,
  completedAt: isoDateTimeSchema.nullable(),
  streak: z.number().int().min(0),
  tags: z.array(z.string()),
  seriesId: z.string().nullable(),
  /** The steps inside the quest, in order (none for most quests), and the auto-complete choice. */
  ...checklistAnswerFields,
  /**
   * The XP the completion now standing earned (0 when not completed, and for one an import brought:
   * imported history earns no XP). Absent from older answers: read xpForCompletion instead.
   */
  awardedXp: z.number().int().min(0).optional(),
  /** Brought in by an import (Loop, Habitica). */
  imported: z.boolean().optional(),
});
export type Quest = z.infer<typeof questSchema>;

/**
 * POST /api/quests/{id}/toggle. xpDelta: +xpReward when completed now, minus what had been awarded
 * when revoked, 0 when nothing changed.
 */
export const toggleQuestResponseSchema = questSchema.extend({
  xpDelta: z.number().int(),
  /** The event of the completion now standing (what Undo takes back); null when not completed. */
  completionEventId: z.string().nullable().optional(),
});
export type ToggleQuestResponse = z.infer<typeof toggleQuestResponseSchema>;

/** GET /api/quests */
export const questListResponseSchema = z.array(questSchema);
export type QuestListResponse = z.infer<typeof questListResponseSchema>;

/**
 * PATCH /api/quests/{id}. The scheduling sheet sends only scheduledTime; the other
 * fields may be edited too. An absent field is unchanged; null or '' clears a date.
 */
export const updateQuestRequestSchema = z
  .object({
    title: createQuestFieldsSchema.shape.title.optional(),
    description: createQuestFieldsSchema.shape.description.optional(),
    difficulty: questDifficultySchema.optional(),
    xpReward: z.number().int().min(1).max(1000).optional(),
    timeEstimate: z.string().trim().max(50).nullable().optional(),
    dueDate: dateInputSchema.optional(),
    scheduledTime: dateInputSchema.optional(),
    tags: questTagsSchema.optional(),
    category: questCategorySchema.nullable().optional(),
    timeOfDay: timeOfDaySchema.optional(),
    growthPath: growthPathSchema.nullable().optional(),
    ...checklistUpdateFields,
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Nothing to update',
  });
export type UpdateQuestRequest = z.infer<typeof updateQuestRequestSchema>;
export type UpdateQuestRequestInput = z.input<typeof updateQuestRequestSchema>;

/** POST /api/quests/clear-completed. */
export const clearCompletedResponseSchema = z.object({ clearedCount: z.number().int().min(0) });
export type ClearCompletedResponse = z.infer<typeof clearCompletedResponseSchema>;

/** POST /api/quests/{id}/snooze: the quest moved to tomorrow. */
export const snoozeQuestResponseSchema = questSchema;
export type SnoozeQuestResponse = z.infer<typeof snoozeQuestResponseSchema>;

/** POST /api/quests/{id}/complete: same shape as a toggle (xpDelta 0 when it was already completed). */
export const completeQuestResponseSchema = toggleQuestResponseSchema;
export type CompleteQuestResponse = z.infer<typeof completeQuestResponseSchema>;

/**
 * Actions without a payload (complete carries only a JSON header, toggle, snooze, hide ...): no body or
 * an empty object; anything else is refused rather than silently ignored.
 */
export const emptyRequestSchema = z.strictObject({}).optional();
