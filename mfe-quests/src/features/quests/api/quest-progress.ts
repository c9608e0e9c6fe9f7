import {
  progressUpdateRequestSchema,
  toggleQuestResponseSchema,
  type CompletionType,
  type ToggleQuestResponse,
} from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** PATCH /api/quests/{id}/progress with completionType and progressNotes null (core.md section 7). */
export async function updateQuestProgress(
  id: string,
  completionType: CompletionType,
): Promise<ToggleQuestResponse> {
  const body = progressUpdateRequestSchema.parse({ completionType, progressNotes: null });
  return toggleQuestResponseSchema.parse(
    await apiRequest('PATCH', `/api/quests/${encodeURIComponent(id)}/progress`, body),
  );
}
