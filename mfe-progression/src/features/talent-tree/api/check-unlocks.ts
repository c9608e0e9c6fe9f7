import { checkUnlocksResponseSchema, type CheckUnlocksResponse } from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/talent-tree/user/check-unlocks: the nodes this check unlocked (each node once). */
export async function checkUnlocks(): Promise<CheckUnlocksResponse> {
  return checkUnlocksResponseSchema.parse(
    await apiRequest('POST', '/api/talent-tree/user/check-unlocks'),
  );
}
