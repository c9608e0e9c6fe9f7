import {
  API,
  progressUpdateRequestSchema,
  type CompletionType,
  type OccurrenceToggleResponse,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Moves an occurrence to a completion state. */
export async function updateOccurrenceProgress(
  id: string,
  completionType: CompletionType,
): Promise<OccurrenceToggleResponse> {
  const body = progressUpdateRequestSchema.parse({ completionType, progressNotes: null });
  return await call(API.updateOccurrenceProgress, { params: { id }, body });
}
