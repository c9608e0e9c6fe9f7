import { queryOptions } from '@tanstack/react-query';
import {
  EVENTS,
  API,
  coFocusBonusResponseSchema,
  type UndoCompletionResponse,
  type XpHistoryEntry,
  withCoFocusBonus,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';

/** An XP history row Undo can take back: a quest's, an occurrence's or a life task's completion. */
export function canUndo(entry: XpHistoryEntry): boolean {
  return (
    (((entry.type === EVENTS.questCompleted.type || entry.type === EVENTS.questPartial.type) &&
      (entry.source === 'quest' || entry.source === 'occurrence')) ||
      (entry.type === EVENTS.lifeTaskCompleted.type && entry.source === 'life_task')) &&
    entry.xpDelta > 0
  );
}

/**
 * Undoes one completion (the history row's id is its event id). Its xpDelta counts the co-focus bonus
 * that goes back with it, so the toast says the whole amount.
 */
export async function undoCompletion(eventId: string): Promise<UndoCompletionResponse> {
  const undone = await call(API.undoCompletion, { params: { eventId } });
  if (!undone.undone) return undone;
  const bonus = await call(API.coFocusBonus, { params: { eventId } }).then(
    (answer) => coFocusBonusResponseSchema.parse(answer),
    () => null,
  );
  return withCoFocusBonus(undone, bonus);
}

/** Which of these completions Undo can still take back. */
export async function fetchUndoable(eventIds: readonly string[]): Promise<Set<string>> {
  const { eventIds: undoable } = await call(API.undoableCompletions, {
    body: { eventIds: [...eventIds] },
  });
  return new Set(undoable);
}

export const UNDOABLE_QUERY_KEY = API.undoableCompletions.path;

export const undoableQueryOptions = (eventIds: readonly string[]) =>
  queryOptions({
    queryKey: [UNDOABLE_QUERY_KEY, eventIds],
    queryFn: () => fetchUndoable(eventIds),
    enabled: eventIds.length > 0,
  });
