import type { Model, Types } from 'mongoose';
import type { ChecklistStep, EventEnvelope } from '@levelup/contracts';
import { onlyDuplicateKeyErrors, outboxEntry, objectId } from '@levelup/service-kit';
import type { CompletionState } from '../completions/completion-change.ts';
import { completionEventUpdate } from '../completions/completion-event.ts';
import type { OccurrenceDoc } from './models.ts';

export type NewOccurrence = Pick<
  OccurrenceDoc,
  | 'seriesId'
  | 'userId'
  | 'title'
  | 'description'
  | 'difficulty'
  | 'xpReward'
  | 'timeEstimate'
  | 'category'
  | 'timeOfDay'
  | 'growthPath'
  | 'scheduledFor'
  | 'measure'
  | 'checklist'
  | 'completeWhenChecklistDone'
> & { _id: Types.ObjectId; event: EventEnvelope };

/** What the Quest Log, the calendar, the stats and Undo read of the occurrences. */
function occurrenceReads(Occurrence: Model<OccurrenceDoc>) {
  return {
    /** The user's occurrences on local days [from, to] (of the given series when seriesIds is set). */
    async between(
      userId: string,
      from: string,
      to: string,
      seriesIds?: string[],
    ): Promise<OccurrenceDoc[]> {
      return Occurrence.find({
        userId,
        scheduledFor: { $gte: from, $lte: to },
        ...(seriesIds ? { seriesId: { $in: seriesIds } } : {}),
      })
        .sort({ scheduledFor: 1, seriesId: 1 })
        .lean<OccurrenceDoc[]>();
    },

    /**
     * Every occurrence of these series of the user up to local day `through`, only what statistics read:
     * one query, on the (seriesId, scheduledFor) index for one series and (userId, scheduledFor) for many.
     */
    async historyOf(
      userId: string,
      seriesIds: string[],
      through: string,
    ): Promise<
      Pick<
        OccurrenceDoc,
        'seriesId' | 'scheduledFor' | 'isCompleted' | 'completionType' | 'skipped' | 'amount'
      >[]
    > {
      if (seriesIds.length === 0) return [];
      return Occurrence.find({
        userId,
        seriesId: seriesIds.length === 1 ? seriesIds[0] : { $in: seriesIds },
        scheduledFor: { $lte: through },
      })
        .select({
          seriesId: 1,
          scheduledFor: 1,
          isCompleted: 1,
          completionType: 1,
          skipped: 1,
          amount: 1,
          _id: 0,
        })
        .lean();
    },

    /** Which (series, day) pairs exist in the range: a narrow read for materialisation. */
    async existingKeys(userId: string, from: string, to: string): Promise<Set<string>> {
      const rows = await Occurrence.find({ userId, scheduledFor: { $gte: from, $lte: to } })
        .select({ seriesId: 1, scheduledFor: 1, _id: 0 })
        .lean();
      return new Set(rows.map((row) => `${row.seriesId}|${row.scheduledFor}`));
    },

    async findOwned(userId: string, id: string): Promise<OccurrenceDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return Occurrence.findOne({ _id, userId }).lean<OccurrenceDoc>();
    },

    /** The occurrence one of whose latest completions was this event, or null. */
    async findByCompletionEvent(userId: string, eventId: string): Promise<OccurrenceDoc | null> {
      return Occurrence.findOne({ userId, completionEventIds: eventId }).lean<OccurrenceDoc>();
    },

    /** Which of these event ids are still an occurrence's standing completion. */
    async standingCompletions(userId: string, eventIds: readonly string[]): Promise<string[]> {
      const rows = await Occurrence.find({ userId, completionEventId: { $in: eventIds } })
        .select({ completionEventId: 1 })
        .lean<Pick<OccurrenceDoc, 'completionEventId'>[]>();
      return rows.flatMap((row) => (row.completionEventId ? [row.completionEventId] : []));
    },

    async doneForUser(
      userId: string,
    ): Promise<
      Array<Pick<OccurrenceDoc, 'awardedXp' | 'completedLocalDate' | 'seriesId' | 'scheduledFor'>>
    > {
      return Occurrence.find({ userId, isCompleted: true })
        .select({ awardedXp: 1, completedLocalDate: 1, seriesId: 1, scheduledFor: 1 })
        .lean();
    },

    async doneBetween(
      userId: string,
      from: string,
      to: string,
    ): Promise<Array<Pick<OccurrenceDoc, 'awardedXp' | 'completedLocalDate'>>> {
      return Occurrence.find({
        userId,
        isCompleted: true,
        completedLocalDate: { $gte: from, $lte: to },
      })
        .select({ awardedXp: 1, completedLocalDate: 1 })
        .lean();
    },

    async skippedDays(userId: string): Promise<string[]> {
      const rows = await Occurrence.find({ userId, skipped: true })
        .select({ scheduledFor: 1 })
        .lean();
      return rows.map((row) => row.scheduledFor);
    },
  };
}

/** The writes: materialising, edits of a series' open days, completion changes and flags. */
function occurrenceWrites(Occurrence: Model<OccurrenceDoc>) {
  return {
    /**
     * Inserts the missing occurrences, each with its occurrence_scheduled event in its outbox. The unique
     * (seriesId, scheduledFor) index makes a parallel request's insert of the same day a no-op.
     */
    async insertMissing(occurrences: NewOccurrence[]): Promise<void> {
      if (occurrences.length === 0) return;
      const docs = occurrences.map(({ event, ...fields }) => ({
        ...fields,
        outbox: [outboxEntry(event)],
      }));
      try {
        await Occurrence.insertMany(docs, { ordered: false });
      } catch (err) {
        if (!onlyDuplicateKeyErrors(err)) throw err;
      }
    },

    /**
     * A series' occurrences from local day `from` on that are not done go (delete, or days a new
     * schedule no longer has when `keep` says so); done ones stay, with the XP they earned.
     */
    async removeOpenFrom(
      userId: string,
      seriesId: string,
      from: string,
      keep: (scheduledFor: string) => boolean = () => false,
    ): Promise<number> {
      const open = await Occurrence.find({
        userId,
        seriesId,
        scheduledFor: { $gte: from },
        isCompleted: false,
      })
        .select({ scheduledFor: 1 })
        .lean();
      const ids = open.filter((o) => !keep(o.scheduledFor)).map((o) => o._id);
      if (ids.length === 0) return 0;
      const result = await Occurrence.deleteMany({ _id: { $in: ids }, isCompleted: false });
      return result.deletedCount;
    },

    /**
     * A new name, price, time of day or auto-complete choice for a series' open occurrences from local
     * day `from` on.
     */
    async reviseOpenFrom(
      userId: string,
      seriesId: string,
      from: string,
      fields: Partial<
        Pick<
          OccurrenceDoc,
          | 'title'
          | 'description'
          | 'difficulty'
          | 'xpReward'
          | 'timeEstimate'
          | 'category'
          | 'timeOfDay'
          | 'growthPath'
          | 'measure'
          | 'completeWhenChecklistDone'
        >
      >,
    ): Promise<void> {
      if (Object.keys(fields).length === 0) return;
      await Occurrence.updateMany(
        { userId, seriesId, scheduledFor: { $gte: from }, isCompleted: false },
        { $set: fields },
      );
    },

    /** State and event in one conditional update on the observed revision. */
    async applyChange(
      occurrence: Pick<OccurrenceDoc, '_id' | 'userId' | 'rev'>,
      change: Partial<CompletionState> &
        Partial<Pick<OccurrenceDoc, 'hiddenFromDashboard' | 'skipped' | 'amount'>>,
      event: EventEnvelope | null,
    ): Promise<OccurrenceDoc | null> {
      const recorded = completionEventUpdate(event);
      return Occurrence.findOneAndUpdate(
        { _id: occurrence._id, userId: occurrence.userId, rev: occurrence.rev },
        {
          $set: { ...change, ...recorded.set },
          $inc: { rev: 1 },
          ...(event ? { $push: { outbox: outboxEntry(event), ...recorded.push } } : {}),
        },
        { returnDocument: 'after' },
      ).lean<OccurrenceDoc>();
    },

    /**
     * Flags that move no XP (hidden, skipped). They leave the revision alone, so a completion racing
     * them still lands; `unlessCompleted` refuses the change once the occurrence is done.
     */
    async setFlags(
      occurrence: Pick<OccurrenceDoc, '_id' | 'userId'>,
      flags: Partial<Pick<OccurrenceDoc, 'hiddenFromDashboard' | 'skipped'>>,
      unlessCompleted = false,
    ): Promise<OccurrenceDoc | null> {
      return Occurrence.findOneAndUpdate(
        {
          _id: occurrence._id,
          userId: occurrence.userId,
          ...(unlessCompleted ? { isCompleted: false } : {}),
        },
        { $set: flags },
        { returnDocument: 'after' },
      ).lean<OccurrenceDoc>();
    },

    /**
     * Per-week days' totals so far, as their week was just judged, in one command: shown, never scored,
     * so no revision.
     */
    async setWeekTotals(
      totals: readonly { day: Pick<OccurrenceDoc, '_id' | 'userId'>; weekTotal: number | null }[],
    ): Promise<void> {
      if (totals.length === 0) return;
      await Occurrence.bulkWrite(
        totals.map(({ day, weekTotal }) => ({
          updateOne: {
            filter: { _id: day._id, userId: day.userId },
            update: { $set: { weekTotal } },
          },
        })),
        { ordered: false },
      );
    },

    /** Clear Completed: done occurrences still visible leave the dashboard (XP untouched). */
    async hideDone(userId: string): Promise<number> {
      const result = await Occurrence.updateMany(
        { userId, isCompleted: true, hiddenFromDashboard: false },
        { $set: { hiddenFromDashboard: true } },
      );
      return result.modifiedCount;
    },
  };
}

/** The days' steps: a tick, and what an edit of the series' steps reads and writes. */
function occurrenceChecklists(Occurrence: Model<OccurrenceDoc>) {
  return {
    /**
     * A series' occurrences from local day `from` on that are not done, with their steps: what an edit
     * of the series' steps reaches.
     */
    async openChecklistsFrom(
      userId: string,
      seriesId: string,
      from: string,
    ): Promise<Pick<OccurrenceDoc, '_id' | 'checklist' | 'checklistRev' | 'isCompleted'>[]> {
      return Occurrence.find({ userId, seriesId, scheduledFor: { $gte: from }, isCompleted: false })
        .select({ checklist: 1, checklistRev: 1, isCompleted: 1 })
        .lean();
    },

    /**
     * New steps for an open occurrence, landing only on the steps' revision they were merged with (a
     * tick in between makes the caller merge again) and only while it is not done; null otherwise. A
     * day stored before steps existed has no revision yet: it counts as 0.
     */
    async setChecklist(
      occurrence: Pick<OccurrenceDoc, '_id' | 'checklistRev'>,
      checklist: ChecklistStep[],
    ): Promise<OccurrenceDoc | null> {
      const rev = occurrence.checklistRev ?? 0;
      return Occurrence.findOneAndUpdate(
        {
          _id: occurrence._id,
          isCompleted: false,
          checklistRev: rev === 0 ? { $in: [0, null] } : rev,
        },
        {
          $set: { checklist },
          $inc: { checklistRev: 1 },
        },
        { returnDocument: 'after' },
      ).lean<OccurrenceDoc>();
    },

    /**
     * Ticks or unticks one step in one update (parallel ticks of other steps all stick); null when the
     * occurrence is not this user's or has no such step. The completion revision stays, so a completion
     * racing a tick still lands.
     */
    async tickStep(
      userId: string,
      id: string,
      stepId: string,
      done: boolean,
    ): Promise<OccurrenceDoc | null> {
      const _id = objectId(id);
      if (!_id) return null;
      return Occurrence.findOneAndUpdate(
        { _id, userId, 'checklist.id': stepId },
        { $set: { 'checklist.$.done': done }, $inc: { checklistRev: 1 } },
        { returnDocument: 'after' },
      ).lean<OccurrenceDoc>();
    },
  };
}

export function occurrencesRepository(Occurrence: Model<OccurrenceDoc>) {
  return {
    ...occurrenceReads(Occurrence),
    ...occurrenceWrites(Occurrence),
    ...occurrenceChecklists(Occurrence),
  };
}

export type OccurrencesRepository = ReturnType<typeof occurrencesRepository>;
