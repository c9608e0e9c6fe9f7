import {
  API,
  occurrenceToggleResponseSchema,
  progressUpdateRequestSchema,
  type CompletionType,
  type OccurrenceToggleResponse,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** A routine's day filled in: its series' occurrence of `date` moved to a completion state. */
export async function backfillOccurrence(
  seriesId: string,
  date: string,
  completionType: CompletionType,
): Promise<OccurrenceToggleResponse> {
  const body = progressUpdateRequestSchema.parse({ completionType, progressNotes: null });
  return occurrenceToggleResponseSchema.parse(
    await call(API.backfillOccurrence, { params: { id: seriesId, date }, body }),
  );
}
