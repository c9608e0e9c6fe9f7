import {
  occurrenceSchema,
  questSchema,
  seriesSchema,
  undoCompletionResponseSchema,
  updateQuestRequestSchema,
  updateSeriesRequestSchema,
  type Occurrence,
  type Quest,
  type Series,
  type UndoCompletionResponse,
  type UpdateQuestRequestInput,
  type UpdateSeriesRequestInput,
} from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

const id = (value: string) => encodeURIComponent(value);

/** PATCH /api/quests/{id}: the edit dialog's changes. */
export async function updateQuest(input: {
  id: string;
  changes: UpdateQuestRequestInput;
}): Promise<Quest> {
  const body = updateQuestRequestSchema.parse(input.changes);
  return questSchema.parse(await apiRequest('PATCH', `/api/quests/${id(input.id)}`, body));
}

/** DELETE /api/quests/{id}: the XP it earned stays. */
export async function deleteQuest(questId: string): Promise<void> {
  await apiRequest('DELETE', `/api/quests/${id(questId)}`);
}

/** PATCH /api/quests/recurring/{id}: from the next occurrence on. */
export async function updateSeries(input: {
  id: string;
  changes: UpdateSeriesRequestInput;
}): Promise<Series> {
  const body = updateSeriesRequestSchema.parse(input.changes);
  return seriesSchema.parse(
    await apiRequest('PATCH', `/api/quests/recurring/${id(input.id)}`, body),
  );
}

/** DELETE /api/quests/recurring/{id}: its open occurrences go, done ones stay. */
export async function deleteSeries(seriesId: string): Promise<void> {
  await apiRequest('DELETE', `/api/quests/recurring/${id(seriesId)}`);
}

/** POST /api/quests/recurring/{id}/pause or /resume. */
export async function setSeriesPaused(input: { id: string; paused: boolean }): Promise<Series> {
  const action = input.paused ? 'pause' : 'resume';
  return seriesSchema.parse(
    await apiRequest('POST', `/api/quests/recurring/${id(input.id)}/${action}`),
  );
}

/** POST /api/quests/occurrences/{id}/skip: earns nothing, keeps the streak. */
export async function skipOccurrence(occurrenceId: string): Promise<Occurrence> {
  return occurrenceSchema.parse(
    await apiRequest('POST', `/api/quests/occurrences/${id(occurrenceId)}/skip`),
  );
}

/** POST /api/quests/completions/{eventId}/undo: the usual revoke, exactly once. */
export async function undoCompletion(eventId: string): Promise<UndoCompletionResponse> {
  return undoCompletionResponseSchema.parse(
    await apiRequest('POST', `/api/quests/completions/${id(eventId)}/undo`),
  );
}
