import { API, type CheckUnlocksResponse } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Checks for unlocks: the nodes this check unlocked (each node once). */
export async function checkUnlocks(): Promise<CheckUnlocksResponse> {
  return await call(API.checkTalentUnlocks);
}
