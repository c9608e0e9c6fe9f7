import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { AppError } from '@levelup/service-kit';
import {
  addLoopDay,
  emptyDays,
  planLoopHabits,
  type LoopHabit,
  type LoopHabitDays,
} from './loop.ts';
import type { ImportPlan } from './plan.ts';

function badBackup(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, 400, {
    details: [{ path: 'backup', message }],
  });
}

const SQLITE_HEADER = 'SQLite format 3\0';

type Row = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown, fallback = 0) =>
  typeof v === 'number' || typeof v === 'bigint' ? Number(v) : fallback;

/** A day of Loop's backup: its timestamps are the day's midnight in UTC, in milliseconds. */
const dayOf = (timestamp: number) => new Date(timestamp).toISOString().slice(0, 10);

/**
 * Habits and their entries from Loop's backup database (its Habits and Repetitions tables; columns a
 * backup from an older Loop lacks take Loop's defaults: yes/no, at least, not archived).
 */
function readBackup(db: DatabaseSync): LoopHabitDays[] {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Row[];
  const names = new Set(tables.map((t) => text(t.name).toLowerCase()));
  if (!names.has('habits') || !names.has('repetitions'))
    throw badBackup('This is not a Loop Habit Tracker backup: it has no Habits and Repetitions');
  const rows = db.prepare('SELECT * FROM Habits ORDER BY position, id').all() as Row[];
  const read = rows.map((row, index): LoopHabitDays & { id: number } => {
    const numerator = Math.max(1, num(row.freq_num, 1));
    const denominator = Math.max(1, num(row.freq_den, 1));
    const habit: LoopHabit = {
      position: String(index + 1).padStart(3, '0'),
      name: text(row.name).trim() || `Habit ${index + 1}`,
      description: text(row.description).trim() || text(row.question).trim(),
      numerical: num(row.type) === 1,
      atMost: num(row.target_type) === 1,
      targetValue: num(row.target_value),
      unit: text(row.unit),
      numerator: numerator === denominator ? 1 : numerator,
      denominator: numerator === denominator ? 1 : denominator,
      archived: num(row.archived) === 1,
    };
    return { id: num(row.id), habit, checked: emptyDays() };
  });
  const byId = new Map(read.map((r) => [r.id, r]));
  const entries = db
    .prepare('SELECT habit, timestamp, value FROM Repetitions ORDER BY timestamp')
    .all() as Row[];
  for (const entry of entries) {
    const target = byId.get(num(entry.habit, -1));
    const timestamp = num(entry.timestamp, NaN);
    if (!target || !Number.isFinite(timestamp)) continue;
    addLoopDay(target.checked!, dayOf(timestamp), num(entry.value, 2), target.habit);
  }
  return read;
}

/**
 * What Loop Habit Tracker's full backup (its SQLite database, "Export full backup") will create, read
 * with Node's own SQLite, read-only, from a temporary copy that is removed afterwards.
 */
export function planLoopBackup(base64: string, fileName: string, today: string): ImportPlan {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.subarray(0, 16).toString('latin1') !== SQLITE_HEADER)
    throw badBackup('This file is not a Loop Habit Tracker backup: it is not an SQLite database');
  const path = join(tmpdir(), `loop-backup-${randomUUID()}.db`);
  writeFileSync(path, bytes, { mode: 0o600 });
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    return planLoopHabits(readBackup(db), fileName, today, []);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badBackup('This Loop Habit Tracker backup cannot be read');
  } finally {
    db?.close();
    rmSync(path, { force: true });
  }
}
