import {
  localDate,
  makeEvent,
  questXpEventTypeFor,
  type CompletionType,
  type EventEnvelope,
  type QuestCategory,
  type QuestDifficulty,
  type GrowthPath,
} from '@levelup/contracts';
import { completionChange, type CompletionState } from './completion-change.ts';

/** What a quest and an occurrence share for a completion move. */
export interface CompletableDoc extends CompletionState {
  _id: { toString(): string };
  title: string;
  xpReward: number;
  difficulty: QuestDifficulty;
  category?: QuestCategory | null;
  growthPath?: GrowthPath | null;
  seriesId?: string | null;
  completionEventId?: string | null;
}

/**
 * Moves a quest or an occurrence to another completion type, exactly once. The change and its XP event
 * land in one conditional update on the revision read (`apply`, the item's repository); a request that
 * loses the race changes nothing and answers the item as it now is with xpDelta 0, so double clicks and
 * parallel requests never award twice. A move to the state it is already in publishes nothing.
 */
export async function moveCompletion<Doc extends CompletableDoc, Dto>(input: {
  item: Doc;
  userId: string;
  timeZone: string;
  now: Date;
  to: CompletionType;
  requestId: string | undefined;
  progressNotes?: string | null;
  /**
   * Fields the request also sets that make it a change even when the completion type stays (a new
   * amount on a measurable day that stays Completed); `apply` writes them.
   */
  alsoChanged?: boolean;
  /**
   * The local day the change counts on (the event's localDate, the completion's day): today, or the
   * past day of a back-fill.
   */
  day?: string;
  /** The occurrence's id for an occurrence's event, null for a one-time quest. */
  occurrenceId: string | null;
  /**
   * Whether the item can have a reminder (a one-time quest with a scheduled time; never an occurrence).
   * The event carries it so svc-identity only cancels reminders of items that can have one.
   */
  remindable: boolean;
  apply: (item: Doc, change: CompletionState, event: EventEnvelope | null) => Promise<Doc | null>;
  /** The item as it now is, after a lost race. */
  reload: () => Promise<Doc>;
  flush: (item: Doc) => Promise<unknown>;
  toDto: (item: Doc) => Dto;
}): Promise<Dto & { xpDelta: number; completionEventId: string | null }> {
  const { item, to, now } = input;
  const day = input.day ?? localDate(now, input.timeZone);
  const answer = (doc: Doc, xpDelta: number) => ({
    ...input.toDto(doc),
    xpDelta,
    completionEventId: doc.completionEventId ?? null,
  });
  const { change, xpDelta, changed } = completionChange(item, to, now, day, input.progressNotes);
  if (!changed && !input.alsoChanged && change.progressNotes === (item.progressNotes ?? null))
    return answer(item, 0);
  const event = changed
    ? makeEvent(
        questXpEventTypeFor(to),
        {
          userId: input.userId,
          questId: item._id.toString(),
          occurrenceId: input.occurrenceId,
          seriesId: item.seriesId ?? null,
          xpDelta,
          difficulty: item.difficulty,
          category: item.category ?? null,
          growthPath: item.growthPath ?? null,
          localDate: day,
          title: item.title,
          completionType: to,
          remindable: input.remindable,
        },
        { requestId: input.requestId, now },
      )
    : null;
  const updated = await input.apply(item, change, event);
  if (!updated) return answer(await input.reload(), 0);
  await input.flush(updated);
  return answer(updated, changed ? xpDelta : 0);
}
