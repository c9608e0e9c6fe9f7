import { occurrenceToggleResponseSchema, type OccurrenceToggleResponse } from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/quests/occurrences/{id}/complete: quick-complete of an occurrence. */
export async function completeOccurrence(id: string): Promise<OccurrenceToggleResponse> {
  return occurrenceToggleResponseSchema.parse(
    await apiRequest('POST', `/api/quests/occurrences/${encodeURIComponent(id)}/complete`),
  );
}
