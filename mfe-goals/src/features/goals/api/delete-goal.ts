import { API } from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** Deletes a goal (204); its series links go too. */
export async function deleteGoal(id: string): Promise<void> {
  await call(API.deleteGoal, { params: { id } });
}
