import {
  API,
  progressUpdateRequestSchema,
  type CompletionType,
  type ToggleQuestResponse,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Moves a quest to a completion state (progressNotes null). */
export async function updateQuestProgress(
  id: string,
  completionType: CompletionType,
): Promise<ToggleQuestResponse> {
  const body = progressUpdateRequestSchema.parse({ completionType, progressNotes: null });
  return await call(API.updateQuestProgress, { params: { id }, body });
}
