import {
  API,
  amountRequestSchema,
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
  return await call(API.backfillOccurrence, { params: { id: seriesId, date }, body });
}

/** A measurable routine's day filled in: its amount for `date` (the server judges the completion). */
export async function backfillOccurrenceAmount(
  seriesId: string,
  date: string,
  amount: number,
): Promise<OccurrenceToggleResponse> {
  const body = amountRequestSchema.parse({ amount });
  return await call(API.backfillOccurrenceAmount, { params: { id: seriesId, date }, body });
}
