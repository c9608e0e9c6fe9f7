import { API, type Occurrence } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Hides an occurrence: off the dashboard; the Quest Log keeps it, with Un-hide. */
export async function hideOccurrence(id: string): Promise<Occurrence> {
  return await call(API.hideOccurrence, { params: { id } });
}
