import {
  API,
  progressUpdateRequestSchema,
  type CompletionType,
  type ToggleQuestResponse,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** A one-time quest's completion state, counted on `date`. */
export async function backfillQuest(
  questId: string,
  date: string,
  completionType: CompletionType,
): Promise<ToggleQuestResponse> {
  const body = progressUpdateRequestSchema.parse({ completionType, progressNotes: null });
  return await call(API.backfillQuest, { params: { id: questId, date }, body });
}
