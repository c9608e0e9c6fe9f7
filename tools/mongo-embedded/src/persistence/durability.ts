import type { MongoCommandError } from '../errors.ts';
import type { JournalRecord } from '../storage/collection.ts';

/** Where storage changes go: nowhere (memory) or the on-disk journal. */
export interface Durability {
  /** Called synchronously for every change, in order. */
  record(record: JournalRecord): void;
  /** Resolves once every change recorded so far is on disk; rejects once the journal has failed. */
  sync(): Promise<void>;
  /** The error every data command is refused with since the journal failed, if it has. */
  failed(): MongoCommandError | undefined;
  close(): Promise<void>;
  /** Rewrites the journal as a snapshot (the `compact` command); absent in memory. */
  compact?(): Promise<void>;
  /** A consistent copy of the data as a dbpath in `target` (the `createBackup` command). */
  backup?(target: string): Promise<BackupSummary>;
}

export interface BackupSummary {
  bytes: number;
  collections: number;
  documents: number;
}

export const memoryDurability: Durability = {
  record: () => {},
  sync: async () => {},
  failed: () => undefined,
  close: async () => {},
};
