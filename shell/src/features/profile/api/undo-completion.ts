import {
  undoCompletionResponseSchema,
  type UndoCompletionResponse,
  type XpHistoryEntry,
} from '@levelup/contracts';
import { apiRequest } from '@levelup/web-kit';

/** An XP history row Undo can take back: a quest's or an occurrence's completion (not a life task's). */
export function canUndo(entry: XpHistoryEntry): boolean {
  return (
    (entry.type === 'quests.completed' || entry.type === 'quests.partial') &&
    (entry.source === 'quest' || entry.source === 'occurrence') &&
    entry.xpDelta > 0
  );
}

/** POST /api/quests/completions/{eventId}/undo: the history row's id is its event id. */
export async function undoCompletion(eventId: string): Promise<UndoCompletionResponse> {
  return undoCompletionResponseSchema.parse(
    await apiRequest('POST', `/api/quests/completions/${encodeURIComponent(eventId)}/undo`),
  );
}
