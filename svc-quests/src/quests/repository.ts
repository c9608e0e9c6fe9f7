import type {
  ChecklistStep,
  CreateQuestRequest,
  EventEnvelope,
  UpdateQuestRequest,
} from '@levelup/contracts';
import { Types } from 'mongoose';
import { outboxEntry, objectId } from '@levelup/service-kit';
import { completionEventUpdate } from '../completions/completion-event.ts';
import type { QuestDoc, QuestsModels } from './models.ts';

export type QuestStateChange = Pick<
  QuestDoc,
  | 'isCompleted'
  | 'completionType'
  | 'completedAt'
  | 'completedLocalDate'
  | 'awardedXp'
  | 'partialXpEarned'
  | 'progressNotes'
>;

/**
 * What an edit writes: the request's fields with the checklist as stored steps (and the checklist's
 * revision it was made from), or the snooze's dates.
 */
export type QuestEdit =
  | (Omit<UpdateQuestRequest, 'checklist'> & {
      checklist?: ChecklistStep[];
      checklistRev?: number;
    })
  | Pick<QuestDoc, 'dueDate' | 'scheduledTime'>;

export function questsRepository(models: QuestsModels) {
  return { ...questWrites(models), ...questReads(models) };
}

/** Creating, editing and deleting quests, their completion state, and hiding done ones. */
function questWrites({ Quest }: QuestsModels) {
  return {
    /** Creates a quest; `eventFor` (given its id) puts an event in its outbox in the same write. */
    async create(
      userId: string,
      input: Omit<CreateQuestRequest, 'checklist'> & { checklist: ChecklistStep[] },
      eventFor?: (quest: { _id: Types.ObjectId }) => EventEnvelope | null,
    ): Promise<QuestDoc> {
      const { isOnboarding, ...fields } = input;
      const _id = new Types.ObjectId();
      const event = eventFor?.({ _id }) ?? null;
      const created = await Quest.create({
        ...fields,
        _id,
        isOnboarding: isOnboarding ?? false,
        userId,
        ...(event ? { outbox: [outboxEntry(event)] } : {}),
      });
      return created.toObject();
    },

    /**
     * Deletes the quest for its owner (null when not theirs or already deleted). It stays stored with
     * deletedAt, so the XP its completion earned stays in the calendar and the totals, and bumps the
     * revision, so a completion racing the delete does not land on a deleted quest.
     */
    async softDelete(
      userId: string,
      questId: string,
      now: Date,
      event: EventEnvelope | null = null,
    ): Promise<QuestDoc | null> {
      const _id = objectId(questId);
      if (!_id) return null;
      return Quest.findOneAndUpdate(
        { _id, userId, deletedAt: null },
        {
          $set: { deletedAt: now, hiddenFromDashboard: true },
          $inc: { rev: 1 },
          ...(event ? { $push: { outbox: outboxEntry(event) } } : {}),
        },
        { returnDocument: 'after' },
      ).lean<QuestDoc>();
    },

    /**
     * Edits fields that move no XP (PATCH /api/quests/{id}, snooze); null when not this user's quest.
     * The revision stays, so a completion racing an edit still lands (it records what it awarded).
     */
    async update(
      userId: string,
      questId: string,
      fields: QuestEdit,
      event: EventEnvelope | null = null,
    ): Promise<QuestDoc | null> {
      const _id = objectId(questId);
      if (!_id) return null;
      const { checklistRev, ...rest } = fields as QuestEdit & { checklistRev?: number };
      const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
      // A new checklist lands only on the list it was made from (a tick in between is not lost).
      // A quest stored before checklists existed has no revision yet: it counts as 0.
      const guard =
        checklistRev === undefined
          ? {}
          : { checklistRev: checklistRev === 0 ? { $in: [0, null] } : checklistRev };
      return Quest.findOneAndUpdate(
        { _id, userId, deletedAt: null, ...guard },
        {
          $set: set,
          ...(checklistRev === undefined ? {} : { $inc: { checklistRev: 1 } }),
          ...(event ? { $push: { outbox: outboxEntry(event) } } : {}),
        },
        { returnDocument: 'after' },
      ).lean<QuestDoc>();
    },

    /**
     * Ticks or unticks one step in one update (parallel ticks of other steps all stick); null when the
     * quest is not this user's or has no such step.
     */
    async tickStep(
      userId: string,
      questId: string,
      stepId: string,
      done: boolean,
    ): Promise<QuestDoc | null> {
      const _id = objectId(questId);
      if (!_id) return null;
      return Quest.findOneAndUpdate(
        { _id, userId, deletedAt: null, 'checklist.id': stepId },
        { $set: { 'checklist.$.done': done }, $inc: { checklistRev: 1 } },
        { returnDocument: 'after' },
      ).lean<QuestDoc>();
    },

    /**
     * One conditional update: lands only on the revision the caller observed, sets the new state and
     * pushes the event into the outbox together. null = another request changed it first.
     */
    /**
     * The completion state change and its event in one write; `reminder` (the reminder event the
     * change calls for, if any) goes into the outbox after it.
     */
    async applyStateChange(
      quest: Pick<QuestDoc, '_id' | 'userId' | 'rev'>,
      change: QuestStateChange,
      event: EventEnvelope | null,
      reminder: EventEnvelope | null = null,
    ): Promise<QuestDoc | null> {
      const recorded = completionEventUpdate(event);
      const entries = [event, reminder].flatMap((e) => (e ? [outboxEntry(e)] : []));
      return Quest.findOneAndUpdate(
        { _id: quest._id, userId: quest.userId, rev: quest.rev, deletedAt: null },
        {
          $set: { ...change, ...recorded.set },
          $inc: { rev: 1 },
          ...(entries.length > 0
            ? { $push: { outbox: { $each: entries }, ...recorded.push } }
            : {}),
        },
        { returnDocument: 'after' },
      ).lean<QuestDoc>();
    },

    /** Hides every done quest still on the dashboard; XP and completion history stay. */
    async hideCompleted(userId: string): Promise<number> {
      const result = await Quest.updateMany(
        { userId, isCompleted: true, hiddenFromDashboard: { $ne: true }, deletedAt: null },
        { $set: { hiddenFromDashboard: true } },
      );
      return result.modifiedCount;
    },
  };
}

/** Reading quests: the lists, one quest, the completions Undo may take back, days and counts. */
function questReads({ Quest }: QuestsModels) {
  return {
    /**
     * The signed-in user's quests still on the dashboard, oldest first (newest last); with
     * includeCleared also the done ones Clear Completed hid (the Quest Log). Deleted quests never.
     */
    async listVisible(userId: string, includeCleared = false): Promise<QuestDoc[]> {
      return Quest.find({
        userId,
        deletedAt: null,
        ...(includeCleared ? {} : { hiddenFromDashboard: { $ne: true } }),
      })
        .sort({ createdAt: 1, _id: 1 })
        .lean<QuestDoc[]>();
    },

    /** A quest of this user, or null: another user's or a deleted quest is as unknown as a missing one. */
    async findOwned(userId: string, questId: string): Promise<QuestDoc | null> {
      const _id = objectId(questId);
      if (!_id) return null;
      return Quest.findOne({ _id, userId, deletedAt: null }).lean<QuestDoc>();
    },

    /** The quest (deleted or not) one of whose latest completions was this event, or null. */
    async findByCompletionEvent(userId: string, eventId: string): Promise<QuestDoc | null> {
      return Quest.findOne({ userId, completionEventIds: eventId }).lean<QuestDoc>();
    },

    /** Which of these event ids are still a (not deleted) quest's standing completion. */
    async standingCompletions(userId: string, eventIds: readonly string[]): Promise<string[]> {
      const rows = await Quest.find({
        userId,
        completionEventId: { $in: eventIds },
        deletedAt: null,
      })
        .select({ completionEventId: 1 })
        .lean<Pick<QuestDoc, 'completionEventId'>[]>();
      return rows.flatMap((row) => (row.completionEventId ? [row.completionEventId] : []));
    },

    async completedForUser(
      userId: string,
    ): Promise<Array<Pick<QuestDoc, 'awardedXp' | 'completedLocalDate'>>> {
      return Quest.find({ userId, isCompleted: true })
        .select({ awardedXp: 1, completedLocalDate: 1 })
        .lean();
    },

    /**
     * The quests that may belong to one local day, [start, end) in instants: completed on it, or not
     * done and scheduled (else due) within it. The caller settles the exact day in the user's zone.
     */
    async ofDay(userId: string, day: string, start: Date, end: Date): Promise<QuestDoc[]> {
      const within = { $gte: start, $lt: end };
      return Quest.find({
        userId,
        deletedAt: null,
        $or: [
          { completedLocalDate: day },
          { isCompleted: false, scheduledTime: within },
          { isCompleted: false, scheduledTime: null, dueDate: within },
        ],
      })
        .sort({ createdAt: 1, _id: 1 })
        .lean<QuestDoc[]>();
    },

    /** Done quests whose completion fell on a local day of [from, to]. */
    async completedBetween(
      userId: string,
      from: string,
      to: string,
    ): Promise<Array<Pick<QuestDoc, 'awardedXp' | 'completedLocalDate'>>> {
      return Quest.find({ userId, isCompleted: true, completedLocalDate: { $gte: from, $lte: to } })
        .select({ awardedXp: 1, completedLocalDate: 1 })
        .lean();
    },

    async countForUser(userId: string): Promise<number> {
      return Quest.countDocuments({ userId });
    },
  };
}

export type QuestsRepository = ReturnType<typeof questsRepository>;
