import { snoozeQuestResponseSchema, type Quest } from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/quests/{id}/snooze: the quest moved to tomorrow (core.md section 4). */
export async function snoozeQuest(id: string): Promise<Quest> {
  return snoozeQuestResponseSchema.parse(
    await apiRequest('POST', `/api/quests/${encodeURIComponent(id)}/snooze`),
  );
}
