// The files of a --dbpath directory and how they are read and written:
//   snapshot.bson       the whole state at one point: a header naming the first journal to replay
//                       after it, the records, and a trailer counting them
//   journal.<n>.bson    changes in order, appended with group commit; replayed from the snapshot's n
//   journal.bson        a journal written before numbered journals existed (replayed first)
//   mongod.lock         "<pid>\n<port>\n" of the server using the directory
// Every file is written as records framed by records.ts.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import type { JournalRecord } from '../storage/collection.ts';
import type { StorageEngine } from '../storage/engine.ts';
import type { BackupSummary } from './durability.ts';
import { fsync, fsyncDirectory, writeFully } from './io.ts';
import { decodeRecords, encodeRecord } from './records.ts';
import type { Damage, DecodedLog } from './records.ts';

export const SNAPSHOT_FILE = 'snapshot.bson';
export const LEGACY_JOURNAL = 'journal.bson';
export const LOCK_FILE = 'mongod.lock';

export function journalName(n: number): string {
  return n === 0 ? LEGACY_JOURNAL : `journal.${n}.bson`;
}

/** Journal files present in `dir`, oldest first (the legacy journal.bson counts as number 0). */
export function listJournals(dir: string): number[] {
  const numbers: number[] = [];
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (name === LEGACY_JOURNAL) numbers.push(0);
    const match = /^journal\.(\d+)\.bson$/.exec(name);
    if (match) numbers.push(Number(match[1]));
  }
  return numbers.sort((a, b) => a - b);
}

export interface FileReport {
  file: string;
  bytes: number;
  decoded: DecodedLog;
}

export interface SnapshotReport extends FileReport {
  /** The first journal number replayed after this snapshot (0 for a legacy snapshot). */
  journalFrom: number | undefined;
  /** Whether the trailer is there and counts the records read. */
  complete: boolean;
}

export interface Inspection {
  dir: string;
  snapshot: SnapshotReport | undefined;
  /** Journals replayed after the snapshot, oldest first. */
  journals: Array<FileReport & { n: number }>;
  /** Journals older than the snapshot (left by a crash just after a compaction): ignored. */
  stale: number[];
}

function readFile(file: string): FileReport {
  const data = fs.readFileSync(file);
  return { file, bytes: data.length, decoded: decodeRecords(data) };
}

function readSnapshot(dir: string): SnapshotReport | undefined {
  const file = path.join(dir, SNAPSHOT_FILE);
  if (!fs.existsSync(file)) return undefined;
  const report = readFile(file);
  const records = report.decoded.records;
  if (report.decoded.format !== 'v2') {
    return { ...report, journalFrom: 0, complete: !report.decoded.torn };
  }
  const header = records[0]?.op === 'snapshot' ? records[0] : undefined;
  const last = records[records.length - 1];
  const trailer = last?.op === 'snapshotEnd' ? last : undefined;
  const from = header?.journal ?? trailer?.journal;
  report.decoded.records = records.filter((r) => r.op !== 'snapshot' && r.op !== 'snapshotEnd');
  return {
    ...report,
    journalFrom: typeof from === 'number' ? from : undefined,
    complete:
      Boolean(header && trailer) &&
      trailer!.records === report.decoded.records.length &&
      !report.decoded.damaged.length &&
      !report.decoded.torn,
  };
}

/** Reads every file of a dbpath without changing anything. */
export function inspect(dir: string): Inspection {
  const snapshot = readSnapshot(dir);
  const numbers = listJournals(dir);
  // A snapshot whose header and trailer are both unreadable: replay every journal (repair only).
  const from = snapshot ? (snapshot.journalFrom ?? numbers[0] ?? 0) : 0;
  return {
    dir,
    snapshot,
    journals: numbers
      .filter((n) => n >= from)
      .map((n) => ({ n, ...readFile(path.join(dir, journalName(n))) })),
    stale: numbers.filter((n) => n < from),
  };
}

/** The first reason the server must not start on these files, or undefined. */
export function refusal(inspection: Inspection): string | undefined {
  const { snapshot, journals, dir } = inspection;
  const repair = `Run \`mongo-embedded repair --dbpath ${dir}\` (it keeps a copy of the damaged files) and start again.`;
  const describe = (report: FileReport, damage: Damage, after: number): string =>
    `${report.file} is damaged at byte ${damage.offset} of ${report.bytes} (${damage.reason}) and ${after} intact records follow it: refusing to start rather than drop them. ${repair}`;
  if (snapshot) {
    const damage = snapshot.decoded.damaged[0] ?? snapshot.decoded.torn;
    if (damage) return describe(snapshot, damage, countAfter(snapshot, damage));
    if (!snapshot.complete)
      return `${snapshot.file} is incomplete (its header or trailer is missing): refusing to start. ${repair}`;
  }
  for (const [i, journal] of journals.entries()) {
    const damage = journal.decoded.damaged[0];
    if (damage) {
      const following = countAfter(journal, damage) + laterRecords(journals, i);
      return describe(journal, damage, following);
    }
    // A torn tail is only a torn write on the journal still being appended to (the last one that
    // holds records: a compaction that failed after creating the next journal leaves it empty).
    if (journal.decoded.torn && laterRecords(journals, i) > 0)
      return describe(journal, journal.decoded.torn, laterRecords(journals, i));
  }
  return undefined;
}

/** The journal a torn write may end: the last one with any bytes. */
export function appendedJournal<T extends FileReport>(journals: T[]): T | undefined {
  return (
    [...journals].reverse().find((journal) => journal.bytes > 0) ?? journals[journals.length - 1]
  );
}

function laterRecords(journals: Array<FileReport>, index: number): number {
  return journals.slice(index + 1).reduce((sum, j) => sum + j.decoded.records.length, 0);
}

/** Intact records after a damaged stretch of one file. */
function countAfter(report: FileReport, damage: Damage): number {
  // Records are decoded in order; the damaged stretches split them. Count by re-decoding the rest.
  const data = fs.readFileSync(report.file).subarray(damage.end);
  return decodeRecords(data).records.length;
}

/** Applies the snapshot's and journals' intact records to `engine`. */
export function replayInto(inspection: Inspection, engine: StorageEngine): number {
  let count = 0;
  const files = [...(inspection.snapshot ? [inspection.snapshot] : []), ...inspection.journals];
  for (const report of files) {
    for (const record of report.decoded.records) {
      engine.restore(record as unknown as JournalRecord);
      count++;
    }
  }
  return count;
}

/** One collection as it was at a point in time (its stored documents are never changed in place). */
export interface CollectionImage {
  db: string;
  name: string;
  options: Document;
  indexes: Document[];
  docs: Document[];
}

/** A point-in-time image of the whole state, taken synchronously (copies references only). */
export function imageOf(engine: StorageEngine): CollectionImage[] {
  return engine.allCollections().map((collection) => ({
    db: collection.db,
    name: collection.name,
    options: { ...collection.options },
    indexes: [...collection.indexes.values()]
      .filter((index) => index.name !== '_id_')
      .map((index) => index.spec),
    docs: [...collection.allDocuments()],
  }));
}

const CHUNK_BYTES = 256 * 1024;
/** The longest the snapshot writer encodes before letting the server answer clients. */
const SLICE_MS = 4;

/**
 * Writes an image as a snapshot file: to `<target>.tmp`, in chunks with the event loop served
 * between them, fsynced, renamed over `target`, directory fsynced. Returns its size in bytes.
 */
export async function writeSnapshot(
  target: string,
  image: CollectionImage[],
  journalFrom: number,
  options: {
    beforeRename?: () => Promise<void>;
    /** Called once the header is on its way (the file is then partly written). */
    writing?: () => Promise<void>;
  } = {},
): Promise<number> {
  const tmp = `${target}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  let bytes = 0;
  let count = 0;
  let lastYield = performance.now();
  try {
    let chunk: Buffer[] = [];
    let chunkBytes = 0;
    const flush = async (): Promise<void> => {
      if (!chunk.length) return;
      const data = Buffer.concat(chunk);
      chunk = [];
      chunkBytes = 0;
      await writeFully(fd, data);
      bytes += data.length;
      await yieldToEventLoop();
    };
    const add = async (record: Document, counted = true): Promise<void> => {
      const frame = encodeRecord(record);
      chunk.push(frame);
      chunkBytes += frame.length;
      if (counted) count++;
      if (chunkBytes >= CHUNK_BYTES) await flush();
    };
    await add({ op: 'snapshot', format: 2, journal: journalFrom, created: new Date() }, false);
    await flush();
    await options.writing?.();
    for (const collection of image) {
      const { db, name: coll } = collection;
      await add({ op: 'createColl', db, coll, options: collection.options });
      for (const spec of collection.indexes) await add({ op: 'createIndex', db, coll, spec });
      for (const doc of collection.docs) {
        await add({ op: 'put', db, coll, doc });
        // Encoding is the expensive part: give other clients a turn every few milliseconds.
        if (performance.now() - lastYield > SLICE_MS) {
          await yieldToEventLoop();
          lastYield = performance.now();
        }
      }
    }
    await add({ op: 'snapshotEnd', journal: journalFrom, records: count }, false);
    await flush();
    await fsync(fd);
    await options.beforeRename?.();
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  fs.renameSync(tmp, target);
  fsyncDirectory(path.dirname(target));
  return bytes;
}

/** Removes journals older than `from` (their records are in the snapshot). */
export function removeJournalsBefore(dir: string, from: number): void {
  for (const n of listJournals(dir)) {
    if (n < from) fs.rmSync(path.join(dir, journalName(n)), { force: true });
  }
  fsyncDirectory(dir);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live server using `dir`, if any: its pid and (once it listens) its address. */
export function lockHolder(dir: string): { pid: number; port?: number; host?: string } | undefined {
  const lock = path.join(dir, LOCK_FILE);
  if (!fs.existsSync(lock)) return undefined;
  const [pidLine, portLine, hostLine] = fs.readFileSync(lock, 'utf8').split('\n');
  const pid = Number(pidLine?.trim());
  if (!pid || pid === process.pid || !isRunning(pid)) return undefined;
  const port = Number(portLine?.trim());
  const host = hostLine?.trim();
  return { pid, ...(port ? { port } : {}), ...(host ? { host } : {}) };
}

/** Two processes writing one dbpath would corrupt it; a lock left by a killed process is taken over. */
export function lockDirectory(dir: string): void {
  const holder = lockHolder(dir);
  if (holder) {
    throw new Error(
      `dbpath ${dir} is in use by process ${holder.pid} (${path.join(dir, LOCK_FILE)})`,
    );
  }
  fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.pid}\n`);
}

/** Records the address the server listens on, for `mongo-embedded backup` to find it. */
export function recordPort(dir: string, port: number, host: string): void {
  fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.pid}\n${port}\n${host}\n`);
}

export function unlockDirectory(dir: string): void {
  fs.rmSync(path.join(dir, LOCK_FILE), { force: true });
}

/** A backup or restore target: created if missing, refused unless empty. */
export function prepareEmptyDirectory(target: string): void {
  fs.mkdirSync(target, { recursive: true });
  const entries = fs.readdirSync(target);
  if (entries.length)
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      `${target} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''})`,
    );
}

/**
 * Writes a point-in-time copy of `engine` as a dbpath in `target` (new or empty): one snapshot,
 * taken synchronously and written in chunks while the server keeps serving. `beforeRename` waits
 * for the journal to hold every change the copy contains, so a backup never has a refused write.
 */
export async function backupEngine(
  engine: StorageEngine,
  target: string,
  beforeRename?: () => Promise<void>,
): Promise<BackupSummary> {
  prepareEmptyDirectory(target);
  const image = imageOf(engine);
  const bytes = await writeSnapshot(path.join(target, SNAPSHOT_FILE), image, 1, {
    ...(beforeRename ? { beforeRename } : {}),
  });
  return {
    bytes,
    collections: image.length,
    documents: image.reduce((sum, c) => sum + c.docs.length, 0),
  };
}
