import {
  addDays,
  canSnooze,
  endOfLocalDay,
  localDate,
  makeEvent,
  questXpEventTypeFor,
  zonedParts,
  zonedTimeToInstant,
  type ClearCompletedResponse,
  type CompletionType,
  type CreateQuestRequest,
  type ProgressUpdateRequest,
  type Quest,
  type ToggleQuestResponse,
  type UpdateQuestRequest,
} from '@levelup/contracts';
import { conflict, notFound, type OutboxRelay } from '@levelup/service-kit';
import { completionChange } from '../completions/completion-change.ts';
import type { UserZones } from '../users/user-zones.ts';
import type { QuestDoc } from './models.ts';
import type { QuestsRepository } from './repository.ts';
import { toQuest } from './quest-dto.ts';

export const questNotFound = () => notFound('Quest not found');

/** Hides done items of another kind on Clear Completed (the occurrences), returning how many. */
export type HideCompletedElsewhere = (userId: string) => Promise<number>;

export function questsService(deps: {
  quests: QuestsRepository;
  zones: UserZones;
  relay: OutboxRelay;
  clock?: () => Date;
  hideCompletedElsewhere?: HideCompletedElsewhere;
}) {
  const { quests, zones, relay } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function owned(userId: string, questId: string): Promise<QuestDoc> {
    const quest = await quests.findOwned(userId, questId);
    if (!quest) throw questNotFound();
    return quest;
  }

  /**
   * Moves a quest to another completion type. The change and its event land in one conditional update
   * on the revision read here; a request that loses the race changes nothing and answers the quest as
   * it now is with xpDelta 0, so double clicks and parallel requests never award twice (decision 5).
   */
  async function move(
    userId: string,
    questId: string,
    target: (quest: QuestDoc) => CompletionType,
    requestId: string | undefined,
    progressNotes?: string | null,
  ): Promise<ToggleQuestResponse> {
    const [quest, timeZone] = await Promise.all([owned(userId, questId), zones.timeZoneOf(userId)]);
    const now = clock();
    const day = localDate(now, timeZone);
    const to = target(quest);
    const { change, xpDelta, changed } = completionChange(quest, to, now, day, progressNotes);
    if (!changed && change.progressNotes === (quest.progressNotes ?? null)) {
      return { ...toQuest(quest), xpDelta: 0, completionEventId: quest.completionEventId ?? null };
    }
    const event = changed
      ? makeEvent(
          questXpEventTypeFor(to),
          {
            userId,
            questId: quest._id.toString(),
            occurrenceId: null,
            seriesId: quest.seriesId ?? null,
            xpDelta,
            difficulty: quest.difficulty,
            category: quest.category ?? null,
            growthPath: quest.growthPath ?? null,
            localDate: day,
            title: quest.title,
            completionType: to,
          },
          { requestId, now },
        )
      : null;
    const updated = await quests.applyStateChange(quest, change, event);
    if (!updated) {
      const current = await owned(userId, questId);
      return {
        ...toQuest(current),
        xpDelta: 0,
        completionEventId: current.completionEventId ?? null,
      };
    }
    await relay.flush(updated);
    return {
      ...toQuest(updated),
      xpDelta: changed ? xpDelta : 0,
      completionEventId: updated.completionEventId ?? null,
    };
  }

  return {
    async create(userId: string, input: CreateQuestRequest): Promise<Quest> {
      return toQuest(await quests.create(userId, input));
    },

    /** The quests on the dashboard (Clear Completed hides done ones; includeCleared keeps them). */
    async list(userId: string, includeCleared = false): Promise<Quest[]> {
      return (await quests.listVisible(userId, includeCleared)).map(toQuest);
    },

    /**
     * Deletes a quest. The XP its completion earned stays (no revoke is published: the XP ledger and
     * the calendar keep it); to take XP back, un-complete the quest before deleting it.
     */
    async remove(userId: string, questId: string): Promise<void> {
      if (!(await quests.softDelete(userId, questId, clock()))) throw questNotFound();
    },

    /**
     * Undo of the completion `eventId` recorded on this quest: back to not completed through the usual
     * revoke, only while that completion is the standing one (else nothing moves).
     */
    undo(userId: string, quest: QuestDoc, eventId: string, requestId: string | undefined) {
      return move(
        userId,
        quest._id.toString(),
        (current) =>
          current.completionEventId === eventId ? 'not_completed' : current.completionType,
        requestId,
      );
    },

    async update(userId: string, questId: string, input: UpdateQuestRequest): Promise<Quest> {
      const updated = await quests.update(userId, questId, input);
      if (!updated) throw questNotFound();
      return toQuest(updated);
    },

    /** Complete, or back to not completed (revoking exactly what its completion awarded). */
    toggle(userId: string, questId: string, requestId: string | undefined) {
      return move(
        userId,
        questId,
        (quest) => (quest.isCompleted ? 'not_completed' : 'completed'),
        requestId,
      );
    },

    /** Idempotent: a quest already completed answers xpDelta 0; a partial one gets the rest. */
    complete(userId: string, questId: string, requestId: string | undefined) {
      return move(userId, questId, () => 'completed', requestId);
    },

    /** 'How'd it go?': not_completed, partial (half, rounded down) or completed (core.md section 4). */
    progress(
      userId: string,
      questId: string,
      input: ProgressUpdateRequest,
      requestId: string | undefined,
    ) {
      return move(userId, questId, () => input.completionType, requestId, input.progressNotes);
    },

    /**
     * Moves the due date to the end of tomorrow in the user's zone (and a scheduled time to the same
     * wall-clock time tomorrow). Offered only where contracts' canSnooze says so (core.md section 4);
     * elsewhere a 409 that says why.
     */
    async snooze(userId: string, questId: string): Promise<Quest> {
      const [quest, timeZone] = await Promise.all([
        owned(userId, questId),
        zones.timeZoneOf(userId),
      ]);
      const now = clock();
      if (!canSnooze(quest, now, timeZone)) {
        throw conflict(
          quest.isCompleted
            ? 'A completed quest cannot be snoozed'
            : 'Only quests due today or overdue, or with a time of day, can be snoozed',
        );
      }
      const tomorrow = addDays(localDate(now, timeZone), 1);
      let scheduledTime = quest.scheduledTime ?? null;
      if (scheduledTime) {
        const wall = zonedParts(new Date(scheduledTime), timeZone);
        scheduledTime = zonedTimeToInstant(tomorrow, wall, timeZone);
      }
      const updated = await quests.update(userId, questId, {
        dueDate: endOfLocalDay(tomorrow, timeZone),
        scheduledTime,
      });
      if (!updated) throw questNotFound();
      return toQuest(updated);
    },

    /** Hides done quests (and done occurrences) from the dashboard; XP is untouched. */
    async clearCompleted(userId: string): Promise<ClearCompletedResponse> {
      const [hidden, elsewhere] = await Promise.all([
        quests.hideCompleted(userId),
        deps.hideCompletedElsewhere?.(userId) ?? Promise.resolve(0),
      ]);
      return { clearedCount: hidden + elsewhere };
    },
  };
}

export type QuestsService = ReturnType<typeof questsService>;
