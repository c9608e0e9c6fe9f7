import { toggleQuestResponseSchema, type ToggleQuestResponse } from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/quests/{id}/toggle: the quest and the XP it changed (xpDelta). */
export async function toggleQuest(id: string): Promise<ToggleQuestResponse> {
  return toggleQuestResponseSchema.parse(
    await apiRequest('POST', `/api/quests/${encodeURIComponent(id)}/toggle`),
  );
}
