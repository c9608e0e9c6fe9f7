import { API, type ToggleQuestResponse } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Toggles a quest: the quest and the XP it changed (xpDelta). */
export async function toggleQuest(id: string): Promise<ToggleQuestResponse> {
  return await call(API.toggleQuest, { params: { id } });
}
