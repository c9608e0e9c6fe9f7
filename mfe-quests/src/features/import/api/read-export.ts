import {
  IMPORT_FILE_TOO_LARGE_MESSAGE,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_BACKUP_BYTES,
  IMPORT_MAX_REQUEST_BYTES,
  habiticaDoneDates,
  habiticaSlipDates,
  type HabiticaHistoryEntry,
  type ImportRequest,
} from '@levelup/contracts';

/** A file the browser cannot turn into an import request; the message is shown as is. */
export class ImportFileError extends Error {}

/** What a file offers: its name, size and contents (a File, or a test's stand-in of one). */
export interface ExportFile {
  name: string;
  size: number;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

function readWith<T>(file: Blob, read: (reader: FileReader) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(new ImportFileError('This file cannot be read'));
    read(reader);
  });
}

/** A chosen file read through FileReader (which every browser, and jsdom, offers). */
export function exportFileOf(file: File): ExportFile {
  return {
    name: file.name,
    size: file.size,
    text: () => readWith<string>(file, (reader) => reader.readAsText(file)),
    arrayBuffer: () => readWith<ArrayBuffer>(file, (reader) => reader.readAsArrayBuffer(file)),
  };
}

const NOT_AN_EXPORT =
  'Choose a Habitica data export (.json), a Loop Habit Tracker CSV export (.zip or its .csv files) or its full backup (.db)';

/** Loop's backup is sent whole (base64): the largest that fits the import's body limit. */
export const LOOP_BACKUP_MAX_BYTES = IMPORT_MAX_BACKUP_BYTES;

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const TASK_FIELDS = [
  'id',
  '_id',
  'text',
  'notes',
  'priority',
  'createdAt',
  'history',
  'frequency',
  'everyX',
  'repeat',
  'startDate',
  'daysOfMonth',
  'weeksOfMonth',
  'up',
  'down',
  'completed',
  'dateCompleted',
  'date',
  'checklist',
  'tags',
];
const HISTORY_FIELDS = ['date', 'value', 'completed', 'scoredUp', 'scoredDown'];
const CHECKLIST_FIELDS = ['text', 'completed'];

function pick(value: unknown, fields: readonly string[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => f in source).map((f) => [f, source[f]]));
}

/**
 * The part of a Habitica export the import reads: habits, dailies and todos with the fields it uses,
 * each habit's and daily's history cut down to the dates it was done (and a "−"-only habit's to the
 * dates of its slips; the raw history holds every day
 * with its value, and an export also holds the inbox, items and more, which would make the request many
 * times larger than what is imported).
 */
function habiticaTasks(json: unknown): unknown {
  const tasks = (json as { tasks?: unknown } | null)?.tasks;
  if (typeof tasks !== 'object' || tasks === null)
    throw new ImportFileError('This file is not a Habitica data export: it has no tasks');
  const list = (key: string, marker: 'completed' | 'scoredUp' | null) => {
    const items = (tasks as Record<string, unknown>)[key];
    if (!Array.isArray(items)) return items;
    return items.map((item: unknown) => {
      const task = pick(item, TASK_FIELDS) as Record<string, unknown>;
      const history = Array.isArray(task.history)
        ? (task.history.map((entry: unknown) =>
            pick(entry, HISTORY_FIELDS),
          ) as HabiticaHistoryEntry[])
        : null;
      if (marker && history) task.doneAt = habiticaDoneDates(history, marker);
      // A habit that only counts "−" is a habit to break: its slips, one date per click.
      if (key === 'habits' && task.up === false && history)
        task.slippedAt = habiticaSlipDates(history);
      delete task.history;
      if (Array.isArray(task.checklist))
        task.checklist = task.checklist.map((item: unknown) => pick(item, CHECKLIST_FIELDS));
      return task;
    });
  };
  const rewards = (tasks as Record<string, unknown>).rewards;
  const { preferences, tags } = json as { preferences?: unknown; tags?: unknown };
  return {
    preferences: pick(preferences ?? {}, ['dayStart', 'timezoneOffset']),
    // The tags' names, by id: each task names its tags by id.
    tags: Array.isArray(tags) ? tags.map((tag: unknown) => pick(tag, ['id', 'name'])) : [],
    tasks: {
      habits: list('habits', 'scoredUp'),
      dailys: list('dailys', 'completed'),
      todos: list('todos', null),
      // Rewards are only named in the preview (not imported).
      rewards: Array.isArray(rewards) ? rewards.map((r: unknown) => pick(r, ['text'])) : [],
    },
  };
}

/** The request as sent, refused here when even trimmed it is over what one call may carry. */
function withinRequestLimit(request: ImportRequest): ImportRequest {
  const bytes = new TextEncoder().encode(JSON.stringify(request)).length;
  if (bytes > IMPORT_MAX_REQUEST_BYTES) {
    const mb = (bytes / (1024 * 1024)).toFixed(1);
    throw new ImportFileError(
      `Even cut down to the days you checked, this export needs ${mb} MB, more than the 8 MB one import can carry. Import part of it: in Loop export fewer habits; in Habitica archive or delete old tasks, then export again.`,
    );
  }
  return request;
}

/** Loop's zip: its CSV files by path, without the Scores files the import does not read. */
async function loopZip(file: ExportFile): Promise<{ name: string; text: string }[]> {
  const { strFromU8, unzipSync } = await import('fflate');
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(new Uint8Array(await file.arrayBuffer()), {
      filter: (entry) => /\.csv$/i.test(entry.name) && !/(^|\/)Scores\.csv$/i.test(entry.name),
    });
  } catch {
    throw new ImportFileError('This zip file cannot be read');
  }
  return Object.entries(entries).map(([name, bytes]) => ({ name, text: strFromU8(bytes) }));
}

/**
 * The import request of the chosen files: a Habitica .json, a Loop .zip, or Loop's .csv files. Files
 * over 20 MB are refused here, before anything is sent.
 */
export async function readExport(files: readonly ExportFile[]): Promise<ImportRequest> {
  const first = files[0];
  if (!first) throw new ImportFileError(NOT_AN_EXPORT);
  if (files.reduce((sum, f) => sum + f.size, 0) > IMPORT_MAX_FILE_BYTES)
    throw new ImportFileError(IMPORT_FILE_TOO_LARGE_MESSAGE);
  const fileName = first.name;
  if (files.length === 1 && /\.json$/i.test(fileName)) {
    let json: unknown;
    try {
      json = JSON.parse(await first.text());
    } catch {
      throw new ImportFileError('This file is not a Habitica data export: it is not valid JSON');
    }
    return withinRequestLimit({
      source: 'habitica',
      fileName,
      export: habiticaTasks(json) as never,
    });
  }
  if (files.length === 1 && /\.db$/i.test(fileName)) {
    if (first.size > LOOP_BACKUP_MAX_BYTES)
      throw new ImportFileError(
        'This Loop backup is larger than 6 MB, more than one import may carry: export as CSV in Loop instead (Settings, Export as CSV), which is smaller',
      );
    return {
      source: 'loop',
      fileName,
      files: [],
      backup: base64Of(new Uint8Array(await first.arrayBuffer())),
    };
  }
  if (files.length === 1 && /\.zip$/i.test(fileName))
    return withinRequestLimit({ source: 'loop', fileName, files: await loopZip(first) });
  if (files.every((f) => /\.csv$/i.test(f.name)))
    return withinRequestLimit({
      source: 'loop',
      fileName,
      files: await Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() }))),
    });
  throw new ImportFileError(NOT_AN_EXPORT);
}
