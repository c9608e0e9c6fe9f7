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
}

export const memoryDurability: Durability = {
  record: () => {},
  sync: async () => {},
  failed: () => undefined,
  close: async () => {},
};
