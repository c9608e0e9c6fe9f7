import {
  occurrenceToggleResponseSchema,
  progressUpdateRequestSchema,
  type CompletionType,
  type OccurrenceToggleResponse,
} from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** PATCH /api/quests/occurrences/{id}/progress (core.md section 7). */
export async function updateOccurrenceProgress(
  id: string,
  completionType: CompletionType,
): Promise<OccurrenceToggleResponse> {
  const body = progressUpdateRequestSchema.parse({ completionType, progressNotes: null });
  return occurrenceToggleResponseSchema.parse(
    await apiRequest('PATCH', `/api/quests/occurrences/${encodeURIComponent(id)}/progress`, body),
  );
}
