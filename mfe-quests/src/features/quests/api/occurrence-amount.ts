import { API, amountRequestSchema, type OccurrenceToggleResponse } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** A measurable day's amount; the server decides the completion it makes. */
export async function recordOccurrenceAmount(
  id: string,
  amount: number,
): Promise<OccurrenceToggleResponse> {
  const body = amountRequestSchema.parse({ amount });
  return await call(API.recordOccurrenceAmount, { params: { id }, body });
}
