import { API, type OccurrenceToggleResponse } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Quick-complete of an occurrence. */
export async function completeOccurrence(id: string): Promise<OccurrenceToggleResponse> {
  return await call(API.completeOccurrence, { params: { id } });
}
