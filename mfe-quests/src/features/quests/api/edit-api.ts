import {
  API,
  coFocusBonusResponseSchema,
  seriesSchema,
  updateQuestRequestSchema,
  updateSeriesRequestSchema,
  type CoFocusBonusResponse,
  type Occurrence,
  type Quest,
  type Series,
  type UndoCompletionResponse,
  type UpdateQuestRequestInput,
  type UpdateSeriesRequestInput,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** The edit dialog's changes to a quest. */
export async function updateQuest(input: {
  id: string;
  changes: UpdateQuestRequestInput;
}): Promise<Quest> {
  const body = updateQuestRequestSchema.parse(input.changes);
  return await call(API.updateQuest, { params: { id: input.id }, body });
}

/** Deletes a quest: the XP it earned stays. */
export async function deleteQuest(questId: string): Promise<void> {
  await call(API.deleteQuest, { params: { id: questId } });
}

/** Edits a series from the next occurrence on. */
export async function updateSeries(input: {
  id: string;
  changes: UpdateSeriesRequestInput;
}): Promise<Series> {
  const body = updateSeriesRequestSchema.parse(input.changes);
  return await call(API.updateSeries, { params: { id: input.id }, body });
}

/** Deletes a series: its open occurrences go, done ones stay. */
export async function deleteSeries(seriesId: string): Promise<void> {
  await call(API.deleteSeries, { params: { id: seriesId } });
}

/** Pauses or resumes a series. */
export async function setSeriesPaused(input: { id: string; paused: boolean }): Promise<Series> {
  return seriesSchema.parse(
    await call(input.paused ? API.pauseSeries : API.resumeSeries, { params: { id: input.id } }),
  );
}

/** Skips an occurrence: earns nothing, keeps the streak. */
export async function skipOccurrence(occurrenceId: string): Promise<Occurrence> {
  return await call(API.skipOccurrence, { params: { id: occurrenceId } });
}

/** Undoes a completion: the usual revoke, exactly once; its xpDelta is the completion's own XP. */
export async function undoCompletion(eventId: string): Promise<UndoCompletionResponse> {
  return await call(API.undoCompletion, { params: { eventId } });
}

/**
 * The co-focus bonus a completion earned, which goes back with its Undo (svc-community takes it back on
 * the revoke); null when it earned none or svc-community does not answer.
 */
export async function coFocusBonusOf(eventId: string): Promise<CoFocusBonusResponse | null> {
  return call(API.coFocusBonus, { params: { eventId } }).then(
    (answer) => coFocusBonusResponseSchema.parse(answer),
    () => null,
  );
}
