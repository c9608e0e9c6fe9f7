import { questSchema, type CreateQuestRequest, type Quest } from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** POST /api/quests with the contracts' creation shape. */
export async function createQuest(request: CreateQuestRequest): Promise<Quest> {
  return questSchema.parse(await apiRequest('POST', '/api/quests', request));
}
