import { z } from 'zod';
import { dateRangeQuerySchema } from '../common/pagination.ts';
import { lifeTaskSchema } from './life-task.ts';
import { occurrenceSchema } from './occurrence.ts';
import { questSchema } from './quest.ts';
import { seriesSchema } from './series.ts';

/** GET /api/quests/grouped, /with-occurrences and /occurrences take ?startDate&endDate. */
export const questRangeQuerySchema = dateRangeQuerySchema;
export type QuestRangeQuery = z.infer<typeof questRangeQuerySchema>;

/** GET /api/quests/grouped. */
export const groupedQuestsResponseSchema = z.object({
  regularQuests: z.array(questSchema),
  recurringSeries: z.array(seriesSchema),
  lifeTasks: z.array(lifeTaskSchema),
});
export type GroupedQuestsResponse = z.infer<typeof groupedQuestsResponseSchema>;

/**
 * GET /api/quests/with-occurrences: one-time quests and the range's occurrences side by side, each with
 * its own schema.
 */
export const questsWithOccurrencesResponseSchema = z.object({
  quests: z.array(questSchema),
  occurrences: z.array(occurrenceSchema),
});
export type QuestsWithOccurrencesResponse = z.infer<typeof questsWithOccurrencesResponseSchema>;
