// The `top` admin command: per collection, how many operations of each kind ran and how long they took
// (microseconds), as mongod reports it, so a benchmark can say which collections a request touches.
import type { Document } from 'bson';
import { commandName } from './dispatch.ts';

interface Usage {
  time: number;
  count: number;
}

const KINDS = ['total', 'queries', 'getmore', 'insert', 'update', 'remove', 'commands'] as const;
type Kind = (typeof KINDS)[number];
export type CollectionUsage = Record<Kind, Usage>;

const kindOf: Record<string, Kind> = {
  find: 'queries',
  getMore: 'getmore',
  insert: 'insert',
  update: 'update',
  delete: 'remove',
};

/** The collection a command names (`find: "quests"`, `getMore` with `collection`), if any. */
function collectionOf(command: Document): string | undefined {
  const name = commandName(command);
  const target = name === 'getMore' ? command.collection : command[name];
  return typeof target === 'string' && target.length > 0 ? target : undefined;
}

export class TopCounters {
  private readonly usage = new Map<string, CollectionUsage>();

  /** Records one command that ran for `micros`; commands naming no collection are not listed. */
  record(command: Document, micros: number): void {
    const collection = collectionOf(command);
    const db = command.$db;
    if (!collection || typeof db !== 'string') return;
    const namespace = `${db}.${collection}`;
    let entry = this.usage.get(namespace);
    if (!entry) {
      entry = Object.fromEntries(
        KINDS.map((kind) => [kind, { time: 0, count: 0 }]),
      ) as CollectionUsage;
      this.usage.set(namespace, entry);
    }
    for (const kind of ['total', kindOf[commandName(command)] ?? 'commands'] as const) {
      entry[kind].count += 1;
      entry[kind].time += Math.round(micros);
    }
  }

  /** The reply's `totals`: every namespace's usage since the server started. */
  totals(): Document {
    const totals: Document = { note: 'all times in microseconds' };
    for (const [namespace, entry] of this.usage) {
      totals[namespace] = Object.fromEntries(KINDS.map((kind) => [kind, { ...entry[kind] }]));
    }
    return totals;
  }
}
