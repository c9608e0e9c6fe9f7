import {
  addDays,
  QUEST_SNOOZE_REFUSED,
  canSnooze,
  endOfLocalDay,
  localDate,
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
import { moveCompletion } from '../completions/move-completion.ts';
import type { UserZones } from '../users/user-zones.ts';
import type { QuestDoc } from './models.ts';
import { questReminderEvent, reminderAfterUndo } from './quest-reminder.ts';
import type { QuestEdit, QuestsRepository } from './repository.ts';
import {
  CHECKLIST_EDIT_ATTEMPTS,
  checklistKeptChanging,
  checklistSteps,
  tickChecklistStep,
} from './checklist.ts';
import { toQuest } from './quest-dto.ts';
import type { QuestsQuotas } from '../shared/storage-quotas.ts';

export const questNotFound = () => notFound('Quest not found');

/** Hides done items of another kind on Clear Completed (the occurrences), returning how many. */
export type HideCompletedElsewhere = (userId: string) => Promise<number>;

/** What the quest service's shared steps need. */
interface QuestWriteContext {
  quests: QuestsRepository;
  zones: UserZones;
  relay: OutboxRelay;
  clock: () => Date;
  owned: (userId: string, questId: string) => Promise<QuestDoc>;
}

type MoveArgs = [
  userId: string,
  questId: string,
  target: (quest: QuestDoc) => CompletionType,
  requestId: string | undefined,
  progressNotes?: string | null,
  day?: string,
];

/** Moves a quest to another completion type, exactly once (moveCompletion). */
async function moveQuest(
  { quests, zones, relay, clock, owned }: QuestWriteContext,
  ...[userId, questId, target, requestId, progressNotes, day]: MoveArgs
): Promise<ToggleQuestResponse> {
  const [quest, timeZone] = await Promise.all([owned(userId, questId), zones.timeZoneOf(userId)]);
  return moveCompletion({
    item: quest,
    userId,
    timeZone,
    now: clock(),
    to: target(quest),
    requestId,
    progressNotes,
    day,
    occurrenceId: null,
    // Only a quest with a scheduled time has a reminder (questReminderEvent).
    remindable: Boolean(quest.scheduledTime),
    apply: (item, change, event) =>
      quests.applyStateChange(item, change, event, reminderAfterUndo(item, event)),
    reload: () => owned(userId, questId),
    flush: (item) => relay.flush(item),
    toDto: toQuest,
  });
}

type UpdateArgs = [
  userId: string,
  questId: string,
  fields: UpdateQuestRequest | Pick<QuestDoc, 'dueDate' | 'scheduledTime'>,
  /** The quest as the caller just read it: the first attempt starts from it instead of reading again. */
  read?: QuestDoc,
];

/**
 * Edits a quest and, when that changes what its reminder says, reschedules it in the same write. A new
 * checklist is merged with the stored one (kept steps keep their ticks) and lands only on the list it
 * was merged with: a tick landing in between makes it merge again.
 */
async function updateQuestWithReminder(
  { quests, relay, clock, owned }: QuestWriteContext,
  ...[userId, questId, fields, read]: UpdateArgs
): Promise<QuestDoc> {
  for (let attempt = 1; ; attempt += 1) {
    const before = attempt === 1 && read ? read : await owned(userId, questId);
    const after = {
      ...before,
      title: ('title' in fields && fields.title) || before.title,
      scheduledTime:
        fields.scheduledTime !== undefined ? fields.scheduledTime : before.scheduledTime,
    };
    const moved =
      (after.scheduledTime?.getTime() ?? null) !== (before.scheduledTime?.getTime() ?? null) ||
      (after.scheduledTime !== null && after.title !== before.title);
    const reminder = moved ? questReminderEvent(after, clock()) : null;
    const checklist = 'checklist' in fields ? fields.checklist : undefined;
    const edit: QuestEdit = checklist
      ? {
          ...fields,
          checklist: checklistSteps(checklist, before.checklist ?? []),
          checklistRev: before.checklistRev ?? 0,
        }
      : (fields as QuestEdit);
    const updated = await quests.update(userId, questId, edit, reminder);
    if (updated) {
      if (reminder) await relay.flush(updated);
      return updated;
    }
    if (!checklist) throw questNotFound();
    if (attempt >= CHECKLIST_EDIT_ATTEMPTS) throw checklistKeptChanging();
  }
}

/** Creates a quest within the quota; one with a scheduled time has its reminder in the same write. */
async function createQuest(
  { quests, relay, clock }: QuestWriteContext,
  quotas: QuestsQuotas,
  userId: string,
  input: CreateQuestRequest,
): Promise<Quest> {
  await quotas.activeQuests(userId);
  const steps = checklistSteps(input.checklist, []);
  const created = await quests.create(userId, { ...input, checklist: steps }, ({ _id }) =>
    input.scheduledTime
      ? questReminderEvent(
          {
            _id,
            userId,
            title: input.title,
            scheduledTime: input.scheduledTime,
            isCompleted: false,
          },
          clock(),
        )
      : null,
  );
  if (created.outbox.length > 0) await relay.flush(created);
  return toQuest(created);
}

/**
 * Moves the due date to the end of tomorrow in the user's zone (and a scheduled time to the same
 * wall-clock time tomorrow). Offered only where contracts' canSnooze says so; elsewhere a 409 that
 * says why. The quest read for the check is the one the edit starts from.
 */
async function snoozeQuest(
  ctx: QuestWriteContext,
  userId: string,
  questId: string,
): Promise<Quest> {
  const [quest, timeZone] = await Promise.all([
    ctx.owned(userId, questId),
    ctx.zones.timeZoneOf(userId),
  ]);
  const now = ctx.clock();
  if (!canSnooze(quest, now, timeZone)) {
    throw conflict(
      quest.isCompleted ? 'A completed quest cannot be snoozed' : QUEST_SNOOZE_REFUSED,
    );
  }
  const tomorrow = addDays(localDate(now, timeZone), 1);
  let scheduledTime = quest.scheduledTime ?? null;
  if (scheduledTime) {
    const wall = zonedParts(new Date(scheduledTime), timeZone);
    scheduledTime = zonedTimeToInstant(tomorrow, wall, timeZone);
  }
  const fields = { dueDate: endOfLocalDay(tomorrow, timeZone), scheduledTime };
  return toQuest(await updateQuestWithReminder(ctx, userId, questId, fields, quest));
}

export function questsService(deps: {
  quests: QuestsRepository;
  zones: UserZones;
  relay: OutboxRelay;
  clock?: () => Date;
  hideCompletedElsewhere?: HideCompletedElsewhere;
  quotas: QuestsQuotas;
}) {
  const { quests, zones, relay } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function owned(userId: string, questId: string): Promise<QuestDoc> {
    const quest = await quests.findOwned(userId, questId);
    if (!quest) throw questNotFound();
    return quest;
  }
  const ctx: QuestWriteContext = { quests, zones, relay, clock, owned };
  const move = (...args: MoveArgs) => moveQuest(ctx, ...args);
  const updateWithReminder = (...args: UpdateArgs) => updateQuestWithReminder(ctx, ...args);

  return {
    /** A quest with a scheduled time has its reminder scheduled in the same write (createQuest). */
    create: (userId: string, input: CreateQuestRequest) =>
      createQuest(ctx, deps.quotas, userId, input),

    /** The quests on the dashboard (Clear Completed hides done ones; includeCleared keeps them). */
    async list(userId: string, includeCleared = false): Promise<Quest[]> {
      return (await quests.listVisible(userId, includeCleared)).map(toQuest);
    },

    /**
     * Deletes a quest. The XP its completion earned stays (no revoke is published: the XP ledger and
     * the calendar keep it); to take XP back, un-complete the quest before deleting it.
     */
    async remove(userId: string, questId: string): Promise<void> {
      const quest = await owned(userId, questId);
      const now = clock();
      const reminder = quest.scheduledTime
        ? questReminderEvent({ ...quest, scheduledTime: null }, now)
        : null;
      const deleted = await quests.softDelete(userId, questId, now, reminder);
      if (!deleted) throw questNotFound();
      if (reminder) await relay.flush(deleted);
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

    /** An edit of the scheduled time (or of the title of a scheduled quest) moves its reminder too. */
    async update(userId: string, questId: string, input: UpdateQuestRequest): Promise<Quest> {
      const updated = await updateWithReminder(userId, questId, input);
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

    /** Ticks or unticks one checklist step; the last tick may complete the quest (checklist.ts). */
    tickStep(
      userId: string,
      questId: string,
      step: { stepId: string; done: boolean },
      requestId: string | undefined,
    ) {
      return tickChecklistStep(
        {
          tick: () => quests.tickStep(userId, questId, step.stepId, step.done),
          exists: async () => (await quests.findOwned(userId, questId)) !== null,
          itemNotFound: questNotFound,
          complete: () => move(userId, questId, () => 'completed', requestId),
          toDto: toQuest,
        },
        step.done,
      );
    },

    /** 'How'd it go?': not_completed, partial (half, rounded down) or completed. */
    progress(
      userId: string,
      questId: string,
      input: ProgressUpdateRequest,
      requestId: string | undefined,
      day?: string,
    ) {
      return move(userId, questId, () => input.completionType, requestId, input.progressNotes, day);
    },

    /** To the end of tomorrow, where contracts' canSnooze allows it (snoozeQuest). */
    snooze: (userId: string, questId: string) => snoozeQuest(ctx, userId, questId),

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
