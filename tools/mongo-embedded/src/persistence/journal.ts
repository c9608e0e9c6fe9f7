// Durability for --dbpath: an append-only journal with group commit (one write + fdatasync for
// every change recorded while the previous flush was running), compacted from time to time into a
// snapshot.
//
// Fail-stop: the first failed journal write or fsync (a full disk, an I/O error) cuts the journal
// back to its last durable byte and makes the server refuse every further command that reads or
// writes data until it is restarted. Changes are applied in memory before they are durable, so
// replies (reads included) are held until everything they could have seen is durable; after a
// failure nothing that was not made durable is ever answered.
//
// Compaction does not stop the server: the journal is switched to a new numbered file, a
// point-in-time image of the state is taken (references to documents, which are never changed in
// place), and the image is written to snapshot.bson.tmp in chunks while clients keep being served;
// once fsynced it is renamed into place and the older journals are removed. The snapshot names the
// first journal to replay after it, so a crash at any point replays an intact history.
import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { JournalRecord } from '../storage/collection.ts';
import type { StorageEngine } from '../storage/engine.ts';
import type { BackupSummary, Durability } from './durability.ts';
import {
  appendedJournal,
  backupEngine,
  imageOf,
  inspect,
  journalName,
  lockDirectory,
  recordPort,
  refusal,
  removeJournalsBefore,
  replayInto,
  SNAPSHOT_FILE,
  unlockDirectory,
  writeSnapshot,
} from './files.ts';
import { fdatasync, fsyncDirectory, writeFully } from './io.ts';
import { encodeRecord } from './records.ts';

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

/** The error every data command gets once the journal has failed. */
export function journalFailure(cause: Error): MongoCommandError {
  const code = (cause as NodeJS.ErrnoException).code;
  const full = code === 'ENOSPC' || code === 'EDQUOT';
  return new MongoCommandError(
    full ? ErrorCodes.OutOfDiskSpace : ErrorCodes.InternalError,
    `${full ? 'out of disk space' : 'journal write failed'}: ${cause.message}. ` +
      'The server refuses reads and writes until it is restarted (every acknowledged write is ' +
      'on disk; make room and restart).',
  );
}

export class Journal implements Durability {
  private readonly dir: string;
  private readonly engine: StorageEngine;
  private readonly logger: Logger;
  private fd: number;
  private generation: number;
  private pending: Buffer[] = [];
  private recordedSeq = 0;
  private durableSeq = 0;
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | undefined;
  /** Set while compaction switches journal files: no flush may start. */
  private paused = false;
  private compacting: Promise<void> | undefined;
  private failure: MongoCommandError | undefined;
  /** Durable bytes of the current journal file. */
  private journalBytes: number;
  private snapshotBytes: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    dir: string,
    engine: StorageEngine,
    logger: Logger,
    current: { generation: number; fd: number; journalBytes: number; snapshotBytes: number },
    compaction: CompactionOptions,
  ) {
    this.dir = dir;
    this.engine = engine;
    this.logger = logger;
    this.fd = current.fd;
    this.generation = current.generation;
    this.journalBytes = current.journalBytes;
    this.snapshotBytes = current.snapshotBytes;
    const minBytes = compaction.minBytes ?? 16 * 1024 * 1024;
    this.timer = setInterval(() => {
      if (this.journalBytes > Math.max(minBytes, this.snapshotBytes))
        this.compact().catch(() => {}); // logged; the next tick tries again
    }, compaction.intervalMs ?? 30_000);
    this.timer.unref();
  }

  failed(): MongoCommandError | undefined {
    return this.failure;
  }

  record(record: JournalRecord): void {
    if (this.failure) return;
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
    if (this.flushing || this.paused || this.failure || !this.pending.length) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = undefined;
      this.schedule();
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length && !this.paused && !this.failure) {
      const batch = Buffer.concat(this.pending);
      this.pending = [];
      const seq = this.recordedSeq;
      const fd = this.fd;
      try {
        await writeFully(fd, batch);
        await fdatasync(fd);
      } catch (error) {
        this.fail(error as Error, fd);
        return;
      }
      this.journalBytes += batch.length;
      this.markDurable(seq);
    }
  }

  /** Fail-stop: cut the journal back to its durable end and refuse everything from now on. */
  private fail(cause: Error, fd: number): void {
    this.failure = journalFailure(cause);
    this.logger.error(
      `journal write failed (${(cause as NodeJS.ErrnoException).code ?? cause.message}): refusing reads and writes until restart`,
    );
    try {
      fs.ftruncateSync(fd, this.journalBytes);
      fs.fsyncSync(fd);
    } catch (error) {
      // The partial batch may stay; its records were never acknowledged and a restart reads it
      // as a torn tail or as records nobody was told about.
      this.logger.error(`could not cut the journal back: ${(error as Error).message}`);
    }
    this.pending = [];
    for (const waiter of this.waiters) waiter.reject(this.failure);
    this.waiters = [];
  }

  private markDurable(seq: number): void {
    this.durableSeq = Math.max(this.durableSeq, seq);
    const done = this.waiters.filter((waiter) => waiter.seq <= this.durableSeq);
    this.waiters = this.waiters.filter((waiter) => waiter.seq > this.durableSeq);
    for (const waiter of done) waiter.resolve();
  }

  /** Writes the whole state as a snapshot beside the running server and drops older journals. */
  compact(): Promise<void> {
    if (this.compacting || this.failure) return this.compacting ?? Promise.resolve();
    this.compacting = this.runCompaction().finally(() => {
      this.compacting = undefined;
    });
    return this.compacting;
  }

  /**
   * Switches to a new journal file and takes a point-in-time image, in one synchronous step after
   * the in-flight flush: records before it are in the image (and, if still pending, also written
   * to the new journal, which replays idempotently), records after it only in the new journal.
   */
  private async switchJournal(): Promise<{
    image: ReturnType<typeof imageOf>;
    seq: number;
    generation: number;
  }> {
    this.paused = true;
    try {
      while (this.flushing) await this.flushing;
      if (this.failure) throw this.failure;
      const generation = this.generation + 1;
      const fd = fs.openSync(path.join(this.dir, journalName(generation)), 'a');
      fsyncDirectory(this.dir);
      const old = this.fd;
      this.fd = fd;
      this.generation = generation;
      this.journalBytes = 0;
      fs.closeSync(old);
      return { image: imageOf(this.engine), seq: this.recordedSeq, generation };
    } finally {
      this.paused = false;
      this.schedule();
    }
  }

  private async runCompaction(): Promise<void> {
    try {
      const { image, seq, generation } = await this.switchJournal();
      await this.stage('switched');
      const bytes = await writeSnapshot(path.join(this.dir, SNAPSHOT_FILE), image, generation, {
        writing: () => this.stage('writing'),
        // The image may hold changes whose journal write is still under way: the snapshot must
        // not make a change durable that is then refused, so it is renamed into place only after.
        beforeRename: async () => {
          await this.syncTo(seq);
          await this.stage('synced');
        },
      });
      await this.stage('renamed');
      removeJournalsBefore(this.dir, generation);
      this.snapshotBytes = bytes;
      this.logger.info(`journal compacted into a ${bytes} byte snapshot`);
    } catch (error) {
      this.logger.error(`journal compaction failed: ${(error as Error).message}`);
      throw error;
    }
  }

  /**
   * Test hook: MONGO_EMBEDDED_COMPACTION_STALL=<stage> stops a compaction for good at that stage
   * (switched, writing, synced, renamed) while the server keeps serving, so a test can kill the
   * process there.
   */
  private async stage(name: string): Promise<void> {
    if (process.env.MONGO_EMBEDDED_COMPACTION_STALL !== name) return;
    this.logger.warn(`compaction stalled at ${name} (MONGO_EMBEDDED_COMPACTION_STALL)`);
    await new Promise(() => {});
  }

  private syncTo(seq: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.durableSeq >= seq) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq, resolve, reject });
      this.schedule();
    });
  }

  /** Writes a consistent copy of the current state into `target` (a new or empty directory). */
  backup(target: string): Promise<BackupSummary> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = this.recordedSeq;
    return backupEngine(this.engine, target, () => this.syncTo(seq));
  }

  listening(port: number, host: string): void {
    recordPort(this.dir, port, host);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    if (this.compacting) await this.compacting.catch(() => {});
    while (this.flushing || (this.pending.length && !this.failure)) {
      this.schedule();
      if (this.flushing) await this.flushing;
      else break;
    }
    fs.closeSync(this.fd);
    unlockDirectory(this.dir);
  }
}

/**
 * Loads the snapshot and journals from `dir` into `engine`, then journals every later change.
 * Refuses to start on damage that is more than a torn last record.
 */
export async function openJournal(
  dir: string,
  engine: StorageEngine,
  logger: Logger,
  compaction: CompactionOptions = {},
): Promise<Journal> {
  fs.mkdirSync(dir, { recursive: true });
  lockDirectory(dir);
  try {
    fs.rmSync(path.join(dir, `${SNAPSHOT_FILE}.tmp`), { force: true });
    const inspection = inspect(dir);
    const refused = refusal(inspection);
    if (refused) throw new Error(refused);
    replayInto(inspection, engine);
    const last = inspection.journals[inspection.journals.length - 1];
    const appended = appendedJournal(inspection.journals);
    if (appended?.decoded.torn) {
      logger.warn(
        `dropping a torn last journal record at byte ${appended.decoded.torn.offset} of ${appended.bytes} (${appended.decoded.torn.reason}): a write cut short by a crash, never acknowledged`,
      );
      fs.truncateSync(appended.file, appended.decoded.validLength);
    }
    if (inspection.stale.length) removeJournalsBefore(dir, inspection.snapshot!.journalFrom!);
    const legacy =
      inspection.snapshot?.decoded.format === 'legacy' ||
      inspection.journals.some((j) => j.decoded.format === 'legacy' || j.n === 0);
    const generation = last && last.n > 0 ? last.n : (inspection.snapshot?.journalFrom ?? 0) || 1;
    const file = path.join(dir, journalName(generation));
    const fd = fs.openSync(file, 'a');
    fsyncDirectory(dir);
    const journal = new Journal(
      dir,
      engine,
      logger,
      {
        generation,
        fd,
        journalBytes: fs.fstatSync(fd).size,
        snapshotBytes: inspection.snapshot?.bytes ?? 0,
      },
      compaction,
    );
    // Files from before record markers: rewrite them in the current format once, now.
    if (legacy) {
      await journal.compact().then(
        () => logger.info(`${dir}: converted to the current journal format`),
        () => logger.warn(`${dir}: kept in the old journal format for now (compaction failed)`),
      );
    }
    logger.info(`loaded ${dir}: ${engine.allCollections().length} collections`);
    return journal;
  } catch (error) {
    unlockDirectory(dir);
    throw error;
  }
}
