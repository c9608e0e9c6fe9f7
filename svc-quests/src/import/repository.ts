import type { Model } from 'mongoose';
import type { EventEnvelope } from '@levelup/contracts';
import { outboxEntry } from '@levelup/service-kit';
import type { BreakHabitDoc, BreakHabitModels, BreakHabitSlipDoc } from '../break-habits/models.ts';
import type { LifeTaskCompletionDoc, LifeTaskDoc, LifeTaskModels } from '../life-tasks/models.ts';
import type { OccurrenceDoc } from '../occurrences/models.ts';
import type { QuestDoc } from '../quests/models.ts';
import type { SeriesDoc } from '../series/models.ts';
import type { ImportBatchDoc } from './models.ts';

/** Documents are written in slices of this many (the embedded server takes one message at a time). */
const SLICE = 500;

type New<T> = Partial<T>;

async function insertInSlices<T>(model: Model<T>, docs: New<T>[]): Promise<void> {
  for (let i = 0; i < docs.length; i += SLICE)
    await model.insertMany(docs.slice(i, i + SLICE), { ordered: true });
}

interface ImportModels {
  Batch: Model<ImportBatchDoc>;
  Series: Model<SeriesDoc>;
  Occurrence: Model<OccurrenceDoc>;
  Quest: Model<QuestDoc>;
  lifeTasks: LifeTaskModels;
  breakHabits: BreakHabitModels;
}

/** The import_batches rows: a batch's start and finish, Undo's mark, and the lists of them. */
function batchRows(Batch: Model<ImportBatchDoc>) {
  return {
    async start(batch: ImportBatchDoc): Promise<void> {
      await Batch.create(batch);
    },

    /** The batch importing or done for this very file, if any. */
    async active(activeKey: string): Promise<ImportBatchDoc | null> {
      return Batch.findOne({ activeKey }).lean<ImportBatchDoc>();
    },

    async finish(userId: string, id: string): Promise<ImportBatchDoc | null> {
      return Batch.findOneAndUpdate(
        { _id: id, userId, status: 'importing' },
        { $set: { status: 'done' } },
        { returnDocument: 'after' },
      ).lean<ImportBatchDoc>();
    },

    /** Batches still 'importing' that started before the given time (their import died midway). */
    async unfinished(userId: string, before: Date): Promise<ImportBatchDoc[]> {
      return Batch.find({ userId, status: 'importing', createdAt: { $lt: before } }).lean<
        ImportBatchDoc[]
      >();
    },

    async list(userId: string): Promise<ImportBatchDoc[]> {
      return Batch.find({ userId, status: { $ne: 'importing' } })
        .sort({ createdAt: -1 })
        .lean<ImportBatchDoc[]>();
    },

    async findOwned(userId: string, id: string): Promise<ImportBatchDoc | null> {
      return Batch.findOne({
        _id: id,
        userId,
        status: { $ne: 'importing' },
      }).lean<ImportBatchDoc>();
    },

    async markUndone(userId: string, id: string, now: Date): Promise<ImportBatchDoc | null> {
      return Batch.findOneAndUpdate(
        { _id: id, userId },
        { $set: { status: 'undone', undoneAt: now }, $unset: { activeKey: 1 } },
        { returnDocument: 'after' },
      ).lean<ImportBatchDoc>();
    },
  };
}

/** What earlier imports brought: their series, life tasks and quests, and the days already there. */
function earlierImports({ Series, Occurrence, Quest, lifeTasks, breakHabits }: ImportModels) {
  const { LifeTask } = lifeTasks;
  const { BreakHabit, BreakHabitSlip } = breakHabits;
  return {
    /** The habits to break earlier imports created from these items (still kept). */
    async importedBreakHabits(
      userId: string,
      app: string,
      ids: string[],
    ): Promise<BreakHabitDoc[]> {
      return BreakHabit.find({
        userId,
        'importSource.app': app,
        'importSource.id': { $in: ids },
      }).lean<BreakHabitDoc[]>();
    },

    /** The days each habit to break already has slips on. */
    async slipDays(userId: string, habitIds: string[]): Promise<Map<string, Set<string>>> {
      const days = new Map<string, Set<string>>(habitIds.map((id) => [id, new Set<string>()]));
      if (habitIds.length === 0) return days;
      const rows = await BreakHabitSlip.find(
        { userId, habitId: { $in: habitIds } },
        { habitId: 1, date: 1 },
      ).lean<Pick<BreakHabitSlipDoc, 'habitId' | 'date'>[]>();
      for (const row of rows) days.get(row.habitId)?.add(row.date);
      return days;
    },

    /** The series and life tasks earlier imports created from these items of the other app. */
    async importedSeries(userId: string, app: string, ids: string[]): Promise<SeriesDoc[]> {
      return Series.find({
        userId,
        deletedAt: null,
        'importSource.app': app,
        'importSource.id': { $in: ids },
      }).lean<SeriesDoc[]>();
    },

    async importedLifeTasks(userId: string, app: string, ids: string[]): Promise<LifeTaskDoc[]> {
      return LifeTask.find({
        userId,
        'importSource.app': app,
        'importSource.id': { $in: ids },
      }).lean<LifeTaskDoc[]>();
    },

    /**
     * The source ids of these items that earlier imports made into a quest or a life task (a todo
     * imported before it could become a quest with steps is not made again).
     */
    async importedTodos(userId: string, app: string, ids: string[]): Promise<Set<string>> {
      const mine = { userId, 'importSource.app': app, 'importSource.id': { $in: ids } };
      const [quests, tasks] = await Promise.all([
        Quest.find(mine).select({ importSource: 1 }).lean<Pick<QuestDoc, 'importSource'>[]>(),
        LifeTask.find(mine).select({ importSource: 1 }).lean<Pick<LifeTaskDoc, 'importSource'>[]>(),
      ]);
      return new Set([...quests, ...tasks].flatMap((doc) => doc.importSource?.id ?? []));
    },

    /** The days each series already has an occurrence for (done, skipped or open). */
    async occurrenceDays(userId: string, seriesIds: string[]): Promise<Map<string, Set<string>>> {
      const days = new Map<string, Set<string>>(seriesIds.map((id) => [id, new Set<string>()]));
      const docs = await Occurrence.find(
        { userId, seriesId: { $in: seriesIds } },
        { seriesId: 1, scheduledFor: 1 },
      ).lean<Pick<OccurrenceDoc, 'seriesId' | 'scheduledFor'>[]>();
      for (const doc of docs) days.get(doc.seriesId)?.add(doc.scheduledFor);
      return days;
    },

    /** True when the series has done occurrences (completed in Level Up after the import). */
    async hasDone(userId: string, seriesId: string): Promise<boolean> {
      return (await Occurrence.exists({ userId, seriesId, isCompleted: true })) !== null;
    },
  };
}

/** The documents a batch writes, their series' events, and their removal (rollback, Undo import). */
function importedDocuments({
  Batch,
  Series,
  Occurrence,
  Quest,
  lifeTasks,
  breakHabits,
}: ImportModels) {
  const { LifeTask, LifeTaskCompletion } = lifeTasks;
  const { BreakHabit, BreakHabitSlip } = breakHabits;
  /** The batch's habits to break with every slip of them (recorded since too), and the slips it added. */
  async function removeBreakHabits(userId: string, id: string): Promise<void> {
    const mine = { userId, importBatchId: id };
    const habits = await BreakHabit.find(mine, { _id: 1 }).lean<Pick<BreakHabitDoc, '_id'>[]>();
    const habitIds = habits.map((h) => String(h._id));
    await BreakHabitSlip.deleteMany(mine);
    if (habitIds.length > 0)
      await BreakHabitSlip.deleteMany({ userId, habitId: { $in: habitIds } });
    await BreakHabit.deleteMany(mine);
  }
  return {
    insertBreakHabits: (docs: New<BreakHabitDoc>[]) => insertInSlices(BreakHabit, docs),
    insertSlips: (docs: New<BreakHabitSlipDoc>[]) => insertInSlices(BreakHabitSlip, docs),
    /** Series without their series_created events: those are added once the whole batch is written. */
    insertSeries: (docs: New<SeriesDoc>[]) => insertInSlices(Series, docs),
    insertOccurrences: (docs: New<OccurrenceDoc>[]) => insertInSlices(Occurrence, docs),
    insertLifeTasks: (docs: New<LifeTaskDoc>[]) => insertInSlices(LifeTask, docs),
    insertQuests: (docs: New<QuestDoc>[]) => insertInSlices(Quest, docs),
    insertLifeTaskCompletions: (docs: New<LifeTaskCompletionDoc>[]) =>
      insertInSlices(LifeTaskCompletion, docs),

    /** Adds a series' event to its outbox (the relay publishes it); the document as it is after. */
    async addSeriesEvent(
      userId: string,
      seriesId: string,
      event: EventEnvelope,
    ): Promise<SeriesDoc | null> {
      return Series.findOneAndUpdate(
        { _id: seriesId, userId },
        { $push: { outbox: outboxEntry(event) } },
        { returnDocument: 'after' },
      ).lean<SeriesDoc>();
    },

    /**
     * Removes everything a batch that never finished wrote (no event of it was published yet), then
     * the batch itself.
     */
    async rollback(userId: string, id: string): Promise<void> {
      const mine = { userId, importBatchId: id };
      await Occurrence.deleteMany(mine);
      await LifeTaskCompletion.deleteMany(mine);
      await LifeTask.deleteMany(mine);
      await Quest.deleteMany(mine);
      await Series.deleteMany(mine);
      await removeBreakHabits(userId, id);
      await Batch.deleteOne({ _id: id, userId, status: 'importing' });
    },

    /**
     * Undo import: the imported completions, life tasks (and their completion rows), quests and habits to
     * break (with all their slips, and the slips it added to habits an earlier import made) go, and so do the
     * series' open occurrences; what the user completed in Level Up since (with its XP) stays, as a
     * deleted series keeps its done occurrences.
     */
    async removeImported(userId: string, id: string, seriesIds: string[]): Promise<void> {
      const mine = { userId, importBatchId: id };
      await Occurrence.deleteMany(mine);
      await Occurrence.deleteMany({ userId, seriesId: { $in: seriesIds }, isCompleted: false });
      await LifeTaskCompletion.deleteMany(mine);
      await LifeTask.deleteMany(mine);
      await Quest.deleteMany(mine);
      await removeBreakHabits(userId, id);
    },

    /** Deletes an imported series with its series_deleted event, its schedule as given. */
    async deleteSeries(
      userId: string,
      seriesId: string,
      fields: Pick<SeriesDoc, 'startLocalDate' | 'startDate'> &
        Partial<Pick<SeriesDoc, 'endLocalDate' | 'endDate'>>,
      now: Date,
      event: (series: SeriesDoc) => EventEnvelope,
    ): Promise<SeriesDoc | null> {
      const doc = await Series.findOne({
        _id: seriesId,
        userId,
        deletedAt: null,
      }).lean<SeriesDoc>();
      if (!doc) return null;
      return Series.findOneAndUpdate(
        { _id: seriesId, userId, deletedAt: null },
        {
          $set: { ...fields, scheduledBefore: 0, deletedAt: now, isActive: false },
          $inc: { rev: 1 },
          $push: { outbox: outboxEntry(event(doc)) },
        },
        { returnDocument: 'after' },
      ).lean<SeriesDoc>();
    },
  };
}

/** Import batches and the series, occurrences, life tasks and completions each one created. */
export function importRepository(models: ImportModels) {
  return {
    ...batchRows(models.Batch),
    ...earlierImports(models),
    ...importedDocuments(models),
  };
}

export type ImportRepository = ReturnType<typeof importRepository>;
