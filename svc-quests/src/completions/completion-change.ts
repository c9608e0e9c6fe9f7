import { completionMove, type CompletionType } from '@levelup/contracts';

/** The completion fields quests and occurrences share. */
export interface CompletionState {
  isCompleted: boolean;
  completionType: CompletionType;
  completedAt: Date | null;
  completedLocalDate: string | null;
  awardedXp: number;
  partialXpEarned: number;
  progressNotes: string | null;
}

/**
 * The state an item takes when moved to `to` at `now` (local day `day`), with the XP that moves; the
 * rule itself is contracts' completionMove. A move to the state it is already in changes nothing (only
 * the progress notes, when given).
 */
export function completionChange(
  item: CompletionState & { xpReward: number },
  to: CompletionType,
  now: Date,
  day: string,
  progressNotes?: string | null,
): { change: CompletionState; xpDelta: number; changed: boolean } {
  const move = completionMove(item, to);
  const done = move.isCompleted;
  return {
    changed: move.changed,
    xpDelta: move.xpDelta,
    change: {
      isCompleted: done,
      completionType: to,
      completedAt: !done ? null : move.changed ? now : item.completedAt,
      completedLocalDate: !done ? null : move.changed ? day : item.completedLocalDate,
      awardedXp: move.awardedXp,
      partialXpEarned: move.partialXpEarned,
      progressNotes: progressNotes === undefined ? (item.progressNotes ?? null) : progressNotes,
    },
  };
}
