import {
  createQuestRequestSchema,
  createSeriesRequestSchema,
  progressUpdateRequestSchema,
  questSchema,
  toggleQuestResponseSchema,
  type Quest,
  type QuestCategory,
  type QuickWinTemplate,
  type ToggleQuestResponse,
} from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

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

/** POST /api/quests: the quick win as a one-time quest. */
export async function createQuickWinQuest(
  template: QuickWinTemplate,
  context: string,
): Promise<Quest> {
  const body = createQuestRequestSchema.parse(fields(template, context));
  return questSchema.parse(await apiRequest('POST', '/api/quests', body));
}

/** POST /api/quests/recurring: the make-it-daily answer, a daily series of the same quick win. */
export async function createDailyQuickWin(template: QuickWinTemplate, context: string) {
  const body = createSeriesRequestSchema.parse({
    ...fields(template, context),
    recurrenceType: 'daily',
  });
  return apiRequest('POST', '/api/quests/recurring', body);
}

/** POST /api/quests/{id}/complete (full) or PATCH /api/quests/{id}/progress (partial), core.md section 7. */
export async function finishQuickWin(id: string, partial: boolean): Promise<ToggleQuestResponse> {
  const path = `/api/quests/${encodeURIComponent(id)}`;
  const body = partial
    ? await apiRequest(
        'PATCH',
        `${path}/progress`,
        progressUpdateRequestSchema.parse({ completionType: 'partial' }),
      )
    : await apiRequest('POST', `${path}/complete`, {});
  return toggleQuestResponseSchema.parse(body);
}
