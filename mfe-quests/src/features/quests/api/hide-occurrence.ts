import { occurrenceSchema, type Occurrence } from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/quests/occurrences/{id}/hide: off the dashboard and the log (core.md section 4). */
export async function hideOccurrence(id: string): Promise<Occurrence> {
  return occurrenceSchema.parse(
    await apiRequest('POST', `/api/quests/occurrences/${encodeURIComponent(id)}/hide`),
  );
}
