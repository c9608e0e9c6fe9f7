import { API, type CreateQuestRequest, type Quest } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Creates a quest with the contracts' creation shape. */
export async function createQuest(request: CreateQuestRequest): Promise<Quest> {
  return await call(API.createQuest, { body: request });
}
