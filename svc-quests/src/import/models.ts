import { Schema, type Connection, type Model } from 'mongoose';
import type { ImportCounts, ImportSource } from '@levelup/contracts';

/**
 * import_batches: one per import. 'importing' while its documents are written (a batch left so by a
 * crash is rolled back on the user's next import call), 'done' once all of them are, 'undone' after
 * Undo import removed them.
 */
export interface ImportBatchDoc {
  _id: string;
  userId: string;
  source: ImportSource;
  fileName: string;
  status: 'importing' | 'done' | 'undone';
  counts: ImportCounts;
  /** The series it created, for Undo import and for publishing their series_created events. */
  seriesIds: string[];
  createdAt: Date;
  undoneAt: Date | null;
  /**
   * "<userId>:<SHA-256 of the file's contents>" while the batch is importing or done (removed on Undo):
   * unique, so a retried or repeated request for the same file never imports it twice.
   */
  activeKey?: string;
}

const importBatchSchema = new Schema<ImportBatchDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    source: { type: String, required: true },
    fileName: { type: String, required: true },
    status: { type: String, required: true },
    counts: {
      series: { type: Number, required: true },
      lifeTasks: { type: Number, required: true },
      completions: { type: Number, required: true },
      quests: { type: Number, default: 0 },
      // Only on batches of files with habits to break.
      breakHabits: { type: Number },
      slips: { type: Number },
    },
    seriesIds: { type: [String], default: [] },
    createdAt: { type: Date, required: true },
    undoneAt: { type: Date, default: null },
    activeKey: { type: String },
  },
  { collection: 'import_batches', versionKey: false },
);
importBatchSchema.index({ userId: 1, createdAt: -1 });
importBatchSchema.index({ activeKey: 1 }, { unique: true, sparse: true });

const cache = new WeakMap<Connection, Model<ImportBatchDoc>>();

export function importBatchModel(db: Connection): Model<ImportBatchDoc> {
  let model = cache.get(db);
  if (!model) {
    model = db.model<ImportBatchDoc>('ImportBatch', importBatchSchema);
    cache.set(db, model);
  }
  return model;
}
