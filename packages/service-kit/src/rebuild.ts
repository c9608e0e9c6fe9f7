import type { Connection } from 'mongoose';
import type { Bus, EventSchema, HistoryEntry } from './bus.ts';

/** One stream's history a read model is fed from (all of it, or the subjects of `filterSubject`). */
export interface HistorySource {
  stream: string;
  filterSubject?: string;
  /**
   * The schema each followed event type is read with, as the live consumer's bus validates it
   * (service-kit's `historyOf`): an event that does not fit is left out, as the live consumer
   * dead-letters it, and the handler gets the event as the schema reads it.
   */
  schemaFor?: (type: string) => EventSchema | undefined;
}

/**
 * A read model that can be rebuilt from its streams' history: its own handlers applied, in stream order
 * (one source after the other), to a scratch database, then compared with the live one through `snapshot` (what the read model says,
 * as comparable strings by key). The rule stays in one place: the rebuild runs the consumer's own code.
 */
export interface ReadModelRebuild {
  /** 'svc-identity xp': how the comparison is reported. */
  name: string;
  /** Every stream the live consumers feed the read model from. */
  sources: readonly HistorySource[];
  /**
   * Readies the scratch database (copies in what the service owns itself and the events do not carry,
   * such as goals and their links) and answers the function applying one history event to it.
   */
  prepare(scratch: Connection, live: Connection): Promise<(entry: HistoryEntry) => Promise<void>>;
  /** The read model's state in `db` as key -> value; `live` for what both sides share (links). */
  snapshot(db: Connection, live: Connection): Promise<Map<string, string>>;
}

export interface SnapshotDifference {
  key: string;
  live: string | undefined;
  rebuilt: string | undefined;
}

export interface RebuildReport {
  name: string;
  /** History events applied. */
  events: number;
  /** History events left out because they do not fit their type's schema (the live consumer dead-letters them). */
  refused: number;
  /** Keys in the rebuilt read model. */
  keys: number;
  differences: SnapshotDifference[];
}

export function compareSnapshots(
  live: ReadonlyMap<string, string>,
  rebuilt: ReadonlyMap<string, string>,
): SnapshotDifference[] {
  const keys = [...new Set([...live.keys(), ...rebuilt.keys()])].sort();
  return keys
    .filter((key) => live.get(key) !== rebuilt.get(key))
    .map((key) => ({ key, live: live.get(key), rebuilt: rebuilt.get(key) }));
}

/**
 * Rebuilds `model` from its streams' history into `scratch` (emptied first) and compares it with `live`.
 * The live read model is left as it is; the caller drops the scratch database when done.
 */
export async function rebuildAndCompare(
  bus: Pick<Bus, 'readHistory'>,
  model: ReadModelRebuild,
  live: Connection,
  scratch: Connection,
): Promise<RebuildReport> {
  if (scratch.name === live.name) throw new Error('the scratch database must not be the live one');
  await scratch.dropDatabase();
  const apply = await model.prepare(scratch, live);
  let events = 0;
  let refused = 0;
  for (const { stream, filterSubject, schemaFor } of model.sources) {
    for await (const entry of bus.readHistory(stream, filterSubject)) {
      const schema = schemaFor?.(entry.event.type);
      const parsed = schema
        ? schema.safeParse(entry.event)
        : { success: true as const, data: entry.event };
      if (!parsed.success) {
        refused += 1;
        continue;
      }
      await apply({ ...entry, event: parsed.data });
      events += 1;
    }
  }
  const [liveSnapshot, rebuiltSnapshot] = await Promise.all([
    model.snapshot(live, live),
    model.snapshot(scratch, live),
  ]);
  return {
    name: model.name,
    events,
    refused,
    keys: rebuiltSnapshot.size,
    differences: compareSnapshots(liveSnapshot, rebuiltSnapshot),
  };
}
