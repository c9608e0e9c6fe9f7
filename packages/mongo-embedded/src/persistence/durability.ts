import type { JournalRecord } from '../storage/collection.ts';

/** Where storage changes go: nowhere (memory) or the on-disk journal. */
export interface Durability {
  /** Called synchronously for every change, in order. */
  record(record: JournalRecord): void;
  /** Resolves once every change recorded so far is on disk. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export const memoryDurability: Durability = {
  record: () => {},
  sync: async () => {},
  close: async () => {},
};
