// Durability for --dbpath: an append-only journal with group commit (one write + fdatasync for
// every change recorded while the previous flush was running), compacted from time to time into a
// snapshot written beside it and renamed into place. Replaying records is idempotent, so a crash
// between the snapshot's rename and the journal's truncation is harmless.
import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import type { Logger } from '../logger.ts';
import type { JournalRecord } from '../storage/collection.ts';
import type { StorageEngine } from '../storage/engine.ts';
import type { Durability } from './durability.ts';
import { decodeRecords, encodeRecord } from './records.ts';

const JOURNAL_FILE = 'journal.bson';
const LOCK_FILE = 'mongod.lock';
const SNAPSHOT_FILE = 'snapshot.bson';
export interface CompactionOptions {
  /** How often to check whether the journal should be compacted. Default 30 s. */
  intervalMs?: number;
  /** The journal is compacted once larger than both this and the last snapshot. Default 16 MiB. */
  minBytes?: number;
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

function fsyncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export class Journal implements Durability {
  private readonly dir: string;
  private readonly engine: StorageEngine;
  private readonly logger: Logger;
  private fd: number;
  private pending: Buffer[] = [];
  private recordedSeq = 0;
  private durableSeq = 0;
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | undefined;
  private compacting = false;
  private failure: Error | undefined;
  private journalBytes: number;
  private snapshotBytes: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    dir: string,
    engine: StorageEngine,
    logger: Logger,
    fd: number,
    sizes: { journalBytes: number; snapshotBytes: number },
    compaction: CompactionOptions,
  ) {
    this.dir = dir;
    this.engine = engine;
    this.logger = logger;
    this.fd = fd;
    this.journalBytes = sizes.journalBytes;
    this.snapshotBytes = sizes.snapshotBytes;
    const minBytes = compaction.minBytes ?? 16 * 1024 * 1024;
    this.timer = setInterval(() => {
      if (this.journalBytes > Math.max(minBytes, this.snapshotBytes)) void this.compact();
    }, compaction.intervalMs ?? 30_000);
    this.timer.unref();
  }

  record(record: JournalRecord): void {
    this.pending.push(encodeRecord(record as unknown as Document));
    this.recordedSeq++;
    this.schedule();
  }

  sync(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.durableSeq >= this.recordedSeq) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq: this.recordedSeq, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.flushing || this.compacting || !this.pending.length) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = undefined;
      this.schedule();
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length && !this.compacting) {
      const batch = Buffer.concat(this.pending);
      this.pending = [];
      const seq = this.recordedSeq;
      try {
        await new Promise<void>((resolve, reject) =>
          fs.write(this.fd, batch, (error) => (error ? reject(error) : resolve())),
        );
        await new Promise<void>((resolve, reject) =>
          fs.fdatasync(this.fd, (error) => (error ? reject(error) : resolve())),
        );
      } catch (error) {
        this.failure = error as Error;
        this.logger.error(`journal write failed: ${this.failure.message}`);
        for (const waiter of this.waiters) waiter.reject(this.failure);
        this.waiters = [];
        return;
      }
      this.journalBytes += batch.length;
      this.markDurable(seq);
    }
  }

  private markDurable(seq: number): void {
    this.durableSeq = Math.max(this.durableSeq, seq);
    const done = this.waiters.filter((waiter) => waiter.seq <= this.durableSeq);
    this.waiters = this.waiters.filter((waiter) => waiter.seq > this.durableSeq);
    for (const waiter of done) waiter.resolve();
  }

  /** Writes the whole state as a snapshot and empties the journal. */
  async compact(): Promise<void> {
    if (this.compacting || this.failure) return;
    this.compacting = true;
    try {
      while (this.flushing) await this.flushing;
      // From here to the end of the block nothing else runs: the snapshot is one consistent state.
      const seq = this.recordedSeq;
      const tmp = path.join(this.dir, `${SNAPSHOT_FILE}.tmp`);
      const fd = fs.openSync(tmp, 'w');
      let bytes = 0;
      try {
        let chunk: Buffer[] = [];
        let chunkBytes = 0;
        const write = (record: Document): void => {
          const frame = encodeRecord(record);
          chunk.push(frame);
          chunkBytes += frame.length;
          if (chunkBytes > 4 * 1024 * 1024) flush();
        };
        const flush = (): void => {
          if (!chunk.length) return;
          const data = Buffer.concat(chunk);
          fs.writeSync(fd, data);
          bytes += data.length;
          chunk = [];
          chunkBytes = 0;
        };
        for (const collection of this.engine.allCollections()) {
          const { db, name: coll } = collection;
          write({ op: 'createColl', db, coll, options: collection.options });
          for (const index of collection.indexes.values()) {
            if (index.name !== '_id_') write({ op: 'createIndex', db, coll, spec: index.spec });
          }
          for (const doc of collection.allDocuments()) write({ op: 'put', db, coll, doc });
        }
        flush();
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(tmp, path.join(this.dir, SNAPSHOT_FILE));
      fsyncDirectory(this.dir);
      fs.ftruncateSync(this.fd, 0);
      fs.fsyncSync(this.fd);
      this.snapshotBytes = bytes;
      this.journalBytes = 0;
      // Records still pending are already in the snapshot; they go to the new journal anyway.
      this.markDurable(seq);
      this.logger.info(`journal compacted into a ${bytes} byte snapshot`);
    } catch (error) {
      this.logger.error(`journal compaction failed: ${(error as Error).message}`);
    } finally {
      this.compacting = false;
      this.schedule();
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    while (this.flushing || this.pending.length) {
      this.schedule();
      if (this.flushing) await this.flushing;
      else break;
    }
    fs.closeSync(this.fd);
    fs.rmSync(path.join(this.dir, LOCK_FILE), { force: true });
  }
}

function replay(
  file: string,
  engine: StorageEngine,
  logger: Logger,
  truncateTorn: boolean,
): number {
  if (!fs.existsSync(file)) return 0;
  const data = fs.readFileSync(file);
  const decoded = decodeRecords(data);
  for (const record of decoded.records) engine.restore(record as unknown as JournalRecord);
  if (decoded.tornReason) {
    if (!truncateTorn) throw new Error(`${file} is damaged (${decoded.tornReason})`);
    logger.warn(
      `dropping a torn last journal record at byte ${decoded.validLength} of ${data.length} (${decoded.tornReason})`,
    );
    fs.truncateSync(file, decoded.validLength);
  }
  return decoded.validLength;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Two servers appending to one journal would corrupt it; a lock left by a killed process is taken over. */
function lockDirectory(dir: string): void {
  const lock = path.join(dir, LOCK_FILE);
  const holder = fs.existsSync(lock) ? Number(fs.readFileSync(lock, 'utf8').trim()) : 0;
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(`dbpath ${dir} is in use by process ${holder} (${lock})`);
  }
  fs.writeFileSync(lock, `${process.pid}\n`);
}

/** Loads the snapshot and journal from `dir` into `engine`, then journals every later change. */
export async function openJournal(
  dir: string,
  engine: StorageEngine,
  logger: Logger,
  compaction: CompactionOptions = {},
): Promise<Journal> {
  fs.mkdirSync(dir, { recursive: true });
  lockDirectory(dir);
  fs.rmSync(path.join(dir, `${SNAPSHOT_FILE}.tmp`), { force: true });
  const snapshotBytes = replay(path.join(dir, SNAPSHOT_FILE), engine, logger, false);
  const journalFile = path.join(dir, JOURNAL_FILE);
  const journalBytes = replay(journalFile, engine, logger, true);
  const fd = fs.openSync(journalFile, 'a');
  const journal = new Journal(dir, engine, logger, fd, { journalBytes, snapshotBytes }, compaction);
  logger.info(`loaded ${dir}: ${engine.allCollections().length} collections`);
  return journal;
}
