import {
  API,
  createQuestRequestSchema,
  createSeriesRequestSchema,
  progressUpdateRequestSchema,
  toggleQuestResponseSchema,
  type Quest,
  type QuestCategory,
  type QuickWinTemplate,
  type ToggleQuestResponse,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

function fields(template: QuickWinTemplate, context: string) {
  const note = context.trim();
  return {
    title: template.title,
    description: note ? `${template.description} ${note}` : template.description,
    difficulty: template.difficulty,
    xpReward: template.xp,
    timeEstimate: template.time,
    category: template.category as QuestCategory,
    timeOfDay: 'anytime' as const,
  };
}

/** The quick win as a one-time quest. */
export async function createQuickWinQuest(
  template: QuickWinTemplate,
  context: string,
): Promise<Quest> {
  const body = createQuestRequestSchema.parse(fields(template, context));
  return await call(API.createQuest, { body });
}

/** The make-it-daily answer: a daily series of the same quick win. */
export async function createDailyQuickWin(template: QuickWinTemplate, context: string) {
  const body = createSeriesRequestSchema.parse({
    ...fields(template, context),
    recurrenceType: 'daily',
  });
  return call(API.createSeries, { body });
}

/** Completes the quick win's quest (full), or moves it to partial progress. */
export async function finishQuickWin(id: string, partial: boolean): Promise<ToggleQuestResponse> {
  const body = partial
    ? await call(API.updateQuestProgress, {
        params: { id },
        body: progressUpdateRequestSchema.parse({ completionType: 'partial' }),
      })
    : await call(API.completeQuest, { params: { id } });
  return toggleQuestResponseSchema.parse(body);
}
