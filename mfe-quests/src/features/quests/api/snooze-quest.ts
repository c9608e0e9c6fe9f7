import { API, type Quest } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Snooze: the quest moved to tomorrow. */
export async function snoozeQuest(id: string): Promise<Quest> {
  return await call(API.snoozeQuest, { params: { id } });
}
