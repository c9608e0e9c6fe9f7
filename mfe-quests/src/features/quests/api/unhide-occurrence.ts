import { API, type Occurrence } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Un-hides an occurrence: back on the dashboard after Hide from dashboard or Clear Completed. */
export async function unhideOccurrence(id: string): Promise<Occurrence> {
  return await call(API.unhideOccurrence, { params: { id } });
}
