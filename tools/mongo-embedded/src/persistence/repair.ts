// mongo-embedded repair: rebuilds a damaged dbpath from every intact record of its snapshot and
// journals, after copying the files aside, and says what could not be recovered.
import fs from 'node:fs';
import path from 'node:path';
import { EJSON } from 'bson';
import { StorageEngine } from '../storage/engine.ts';
import {
  imageOf,
  inspect,
  journalName,
  listJournals,
  lockDirectory,
  removeJournalsBefore,
  replayInto,
  SNAPSHOT_FILE,
  unlockDirectory,
  writeSnapshot,
} from './files.ts';
import type { FileReport } from './files.ts';
import { fsyncDirectory } from './io.ts';
import type { Damage } from './records.ts';

export interface LostRecord extends Damage {
  file: string;
  /** A torn last record: a write cut short by a crash, never acknowledged. */
  torn: boolean;
}

export interface RepairReport {
  dir: string;
  /** Nothing was damaged; nothing was changed. */
  healthy: boolean;
  /** Where the files were copied before anything was changed. */
  copiedTo?: string;
  lost: LostRecord[];
  recoveredRecords: number;
  collections: number;
  documents: number;
}

function lostIn(report: FileReport): LostRecord[] {
  const { decoded, file } = report;
  return [
    ...decoded.damaged.map((damage) => ({ ...damage, file, torn: false })),
    ...(decoded.torn ? [{ ...decoded.torn, file, torn: true }] : []),
  ];
}

function copyAside(dir: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.join(dir, `repair-${stamp}`);
  fs.mkdirSync(target);
  const names = [
    ...(fs.existsSync(path.join(dir, SNAPSHOT_FILE)) ? [SNAPSHOT_FILE] : []),
    ...listJournals(dir).map(journalName),
  ];
  for (const name of names) {
    fs.copyFileSync(path.join(dir, name), path.join(target, name));
    const fd = fs.openSync(path.join(target, name), 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  }
  fsyncDirectory(target);
  fsyncDirectory(dir);
  return target;
}

/** Repairs `dir` in place (refused while a server uses it). */
export async function repair(dir: string): Promise<RepairReport> {
  if (!fs.existsSync(dir)) throw new Error(`dbpath ${dir} does not exist`);
  lockDirectory(dir);
  try {
    fs.rmSync(path.join(dir, `${SNAPSHOT_FILE}.tmp`), { force: true });
    const inspection = inspect(dir);
    const lost = [
      ...(inspection.snapshot ? lostIn(inspection.snapshot) : []),
      ...inspection.journals.flatMap(lostIn),
    ];
    const incomplete = inspection.snapshot !== undefined && !inspection.snapshot.complete;
    const engine = new StorageEngine();
    const recoveredRecords = replayInto(inspection, engine);
    const image = imageOf(engine);
    const summary = {
      dir,
      lost,
      recoveredRecords,
      collections: image.length,
      documents: image.reduce((sum, c) => sum + c.docs.length, 0),
    };
    if (!lost.length && !incomplete) return { ...summary, healthy: true };
    const copiedTo = copyAside(dir);
    const numbers = listJournals(dir);
    const generation =
      Math.max(numbers[numbers.length - 1] ?? 0, inspection.snapshot?.journalFrom ?? 0) + 1;
    await writeSnapshot(path.join(dir, SNAPSHOT_FILE), image, generation);
    removeJournalsBefore(dir, generation);
    return { ...summary, healthy: false, copiedTo };
  } finally {
    unlockDirectory(dir);
  }
}

/** The report as an operator reads it. */
export function formatRepairReport(report: RepairReport): string {
  const lines: string[] = [];
  if (report.healthy) {
    lines.push(`${report.dir}: no damaged records; nothing changed.`);
  } else {
    lines.push(`copied the files as they were to ${report.copiedTo}`);
    for (const lost of report.lost) {
      const what = lost.readable
        ? ` (${[lost.readable.op, lost.readable.db && `${lost.readable.db}.${lost.readable.coll}`, lost.readable.id !== undefined && `_id ${EJSON.stringify(lost.readable.id as never, { relaxed: true })}`].filter(Boolean).join(', ')})`
        : ' (unreadable)';
      lines.push(
        `lost: ${lost.torn ? 'torn last record' : 'damaged record'} at byte ${lost.offset}-${lost.end} of ${path.basename(lost.file)}: ${lost.reason}${what}`,
      );
    }
    lines.push(
      `rebuilt ${report.dir}/${SNAPSHOT_FILE} from ${report.recoveredRecords} intact records; ${report.lost.length} record(s) lost`,
    );
  }
  lines.push(`${report.collections} collections, ${report.documents} documents`);
  return lines.join('\n');
}
