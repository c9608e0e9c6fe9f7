import { z } from 'zod';
import { isoDateTimeSchema, localDateSchema } from '../common/dates.ts';
import { idSchema } from '../common/ids.ts';
import { cadenceSchema } from '../quests/enums.ts';
import { measureSchema } from '../quests/measure.ts';
import { monthlyBySchema, weekdaySchema } from '../quests/series.ts';

// Import from other habit apps: Habitica's user data export and Loop Habit
// Tracker's CSV export. The browser reads the file and sends what the import needs; svc-quests parses
// it again with these schemas, previews it and creates everything as one undoable batch.

/**
 * The largest export file the browser accepts. It reads the file itself and sends only what the import
 * uses (a Habitica task's done days, not its raw history, and none of the inbox or items), so the
 * request stays under the import's body limit (IMPORT_MAX_REQUEST_BYTES).
 */
export const IMPORT_MAX_FILE_BYTES = 20 * 1024 * 1024;
export const IMPORT_FILE_TOO_LARGE_MESSAGE = 'The file is larger than 20 MB';
/**
 * The largest import request (8 MiB): over the 1 MiB of every other call, since a Loop export of years
 * is a few MiB of CSV, and bounded because the service parses it whole. Imports have their own rate
 * limit (gateway rate-limit.ts).
 */
export const IMPORT_MAX_REQUEST_BYTES = 8 * 1024 * 1024;
export const IMPORT_NO_XP_NOTE =
  'Imported history counts for your streaks and calendar but earns no XP.';

/** The largest Loop backup file the request carries (6 MiB; its base64 fits the request's limit). */
export const IMPORT_MAX_BACKUP_BYTES = 6 * 1024 * 1024;
const IMPORT_MAX_BACKUP_BASE64 = Math.ceil(IMPORT_MAX_BACKUP_BYTES / 3) * 4;

export const importSourceSchema = z.enum(['habitica', 'loop']);
export type ImportSource = z.infer<typeof importSourceSchema>;

const MAX_TASKS = 1000;
const MAX_HISTORY = 20000;
// Generous on purpose: a title or notes longer than Level Up keeps is shortened (and the preview says
// so) rather than refusing the whole file; the request's body limit bounds the total.
const taskTextSchema = z.string().trim().min(1).max(20_000);
const notesSchema = z.string().max(200_000).nullish();
/** Habitica dates: epoch milliseconds in history, ISO strings elsewhere. */
const habiticaDateSchema = z.union([z.number().finite(), z.string().max(64)]);

const habiticaHistorySchema = z.object({
  date: habiticaDateSchema,
  value: z.number().finite().optional(),
  completed: z.boolean().optional(),
  scoredUp: z.number().finite().optional(),
  scoredDown: z.number().finite().optional(),
});
export type HabiticaHistoryEntry = z.infer<typeof habiticaHistorySchema>;

/** Habitica's task id (a UUID): remembered so a second import of the same task adds only what is new. */
const habiticaIdSchema = z.string().trim().min(1).max(64).optional();

/** A task's tags in Habitica: the ids of the export's tags (names are looked up in `tags`). */
const habiticaTaskTagsSchema = z.array(z.string().max(64)).max(1000).optional();

/** A checklist's items: a todo's become its quest's steps, a daily's its routine's (without ticks). */
const habiticaChecklistSchema = z
  .array(z.object({ text: z.string().max(500), completed: z.boolean().optional() }))
  .max(200)
  .optional();
export type HabiticaChecklist = z.infer<typeof habiticaChecklistSchema>;

const habiticaTaskCore = {
  id: habiticaIdSchema,
  _id: habiticaIdSchema,
  text: taskTextSchema,
  notes: notesSchema,
  priority: z.number().finite().optional(),
  history: z.array(habiticaHistorySchema).max(MAX_HISTORY).optional(),
  /** The browser's trimmed history: only the dates of the entries that were done (habiticaDoneDates). */
  doneAt: z.array(habiticaDateSchema).max(MAX_HISTORY).optional(),
  checklist: habiticaChecklistSchema,
  tags: habiticaTaskTagsSchema,
};

/**
 * The dates of a task's history entries that were done. Newer exports mark each daily entry `completed`
 * and each habit entry `scoredUp`; older ones only have the task's value, which rises when it was done.
 * The browser sends these instead of the raw history, and svc-quests reads either the same way.
 */
export function habiticaDoneDates(
  history: readonly HabiticaHistoryEntry[] | undefined,
  marker: 'completed' | 'scoredUp',
): Array<number | string> {
  const entries = history ?? [];
  const marked = entries.some((e) => e[marker] !== undefined);
  const dates: Array<number | string> = [];
  let previous: number | null = null;
  for (const entry of entries) {
    const value: number = entry.value ?? previous ?? 0;
    const done = marked
      ? marker === 'completed'
        ? entry.completed === true
        : (entry.scoredUp ?? 0) > 0
      : value > (previous ?? 0);
    previous = value;
    if (done) dates.push(entry.date);
  }
  return dates;
}

export const habiticaDailySchema = z.object({
  ...habiticaTaskCore,
  frequency: z.enum(['daily', 'weekly', 'monthly', 'yearly']).optional(),
  everyX: z.number().int().min(0).max(9999).optional(),
  repeat: z.record(z.string(), z.boolean()).optional(),
  startDate: habiticaDateSchema.nullish(),
  daysOfMonth: z.array(z.number().int()).max(31).optional(),
  weeksOfMonth: z.array(z.number().int()).max(6).optional(),
});
export type HabiticaDaily = z.infer<typeof habiticaDailySchema>;

/**
 * The dates of a habit's "−" clicks, one per click: newer exports count them per day in `scoredDown`
 * (a day with 3 gives its date 3 times); older ones only have the value, which drops on each click.
 * A habit that only counts slips becomes a habit to break, each click a slip on its day.
 */
export function habiticaSlipDates(
  history: readonly HabiticaHistoryEntry[] | undefined,
): Array<number | string> {
  const entries = history ?? [];
  const marked = entries.some((e) => e.scoredDown !== undefined || e.scoredUp !== undefined);
  const dates: Array<number | string> = [];
  let previous: number | null = null;
  for (const entry of entries) {
    const value: number = entry.value ?? previous ?? 0;
    const clicks = marked
      ? Math.max(0, Math.floor(entry.scoredDown ?? 0))
      : value < (previous ?? 0)
        ? 1
        : 0;
    previous = value;
    for (let i = 0; i < clicks && dates.length < MAX_HISTORY; i += 1) dates.push(entry.date);
  }
  return dates;
}

export const habiticaHabitSchema = z.object({
  ...habiticaTaskCore,
  up: z.boolean().optional(),
  down: z.boolean().optional(),
  /** The browser's trimmed "−" history: one date per slip (habiticaSlipDates). */
  slippedAt: z.array(habiticaDateSchema).max(MAX_HISTORY).optional(),
  /** When the habit was made in Habitica: a habit to break without history starts that day. */
  createdAt: habiticaDateSchema.nullish(),
});
export type HabiticaHabit = z.infer<typeof habiticaHabitSchema>;

export const habiticaTodoSchema = z.object({
  id: habiticaIdSchema,
  _id: habiticaIdSchema,
  text: taskTextSchema,
  notes: notesSchema,
  priority: z.number().finite().optional(),
  checklist: habiticaChecklistSchema,
  tags: habiticaTaskTagsSchema,
  completed: z.boolean().optional(),
  dateCompleted: habiticaDateSchema.nullish(),
  date: habiticaDateSchema.nullish(),
});
export type HabiticaTodo = z.infer<typeof habiticaTodoSchema>;

/** The part of Habitica's "user data" JSON export the import reads (the rest is left in the browser). */
export const habiticaExportSchema = z.object({
  /** The custom day start (a day begins at this hour, 0-23) and the zone offset Habitica knew. */
  preferences: z
    .object({
      dayStart: z.number().int().min(0).max(23).optional(),
      timezoneOffset: z.number().finite().optional(),
    })
    .optional(),
  /** The user's tags, by id: a task's `tags` name them. */
  tags: z
    .array(z.object({ id: z.string().trim().min(1).max(64), name: z.string().max(1000) }))
    .max(1000)
    .optional(),
  tasks: z.object({
    habits: z.array(habiticaHabitSchema).max(MAX_TASKS).default([]),
    dailys: z.array(habiticaDailySchema).max(MAX_TASKS).default([]),
    todos: z.array(habiticaTodoSchema).max(MAX_TASKS).default([]),
    /** Rewards are only listed (not imported): their names. */
    rewards: z
      .array(z.object({ text: taskTextSchema }))
      .max(MAX_TASKS)
      .default([]),
  }),
});
export type HabiticaExport = z.infer<typeof habiticaExportSchema>;

/** One CSV file of a Loop export, by its path inside the zip ('Habits.csv', '001 Walk/Checkmarks.csv'). */
export const importCsvFileSchema = z.object({
  name: z.string().min(1).max(300),
  text: z.string().max(IMPORT_MAX_REQUEST_BYTES),
});

const fileNameSchema = z.string().trim().min(1).max(200);

/** POST /api/quests/import and /api/quests/import/preview. */
export const importRequestSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('habitica'),
    fileName: fileNameSchema,
    export: habiticaExportSchema,
  }),
  z
    .object({
      source: z.literal('loop'),
      fileName: fileNameSchema,
      /** The CSV export's files, or none when the backup is sent. */
      files: z.array(importCsvFileSchema).max(500).default([]),
      /** Loop's full backup (its SQLite .db file), base64. */
      backup: z.base64().max(IMPORT_MAX_BACKUP_BASE64).optional(),
    })
    .refine((r) => r.files.length > 0 || r.backup !== undefined, {
      message: "Send Loop's CSV files or its backup",
      path: ['files'],
    }),
]);
export type ImportRequest = z.infer<typeof importRequestSchema>;

export const importRecurrenceSchema = z.object({
  recurrenceType: cadenceSchema,
  recurrenceInterval: z.number().int().min(1),
  weeklyPattern: z.array(weekdaySchema).nullable(),
  monthlyBy: monthlyBySchema,
});
export type ImportRecurrence = z.infer<typeof importRecurrenceSchema>;

export const importPreviewSeriesSchema = z.object({
  title: z.string(),
  /** Where it came from: 'daily', 'habit' (Habitica) or 'habit' (Loop). */
  kind: z.enum(['daily', 'habit']),
  recurrence: importRecurrenceSchema,
  /** The repeat rule in words: 'Every day', 'Every 2 weeks on Mon, Thu'. */
  repeatRule: z.string(),
  startDate: localDateSchema,
  completions: z.number().int().min(0),
  /** Days marked skipped in the export: rest days, which neither count nor break a streak. */
  skippedDays: z.number().int().min(0),
  /** The streak these completions make on their own, counted to today. */
  currentStreak: z.number().int().min(0),
  /**
   * True when an earlier import already brought this item: the import adds only the days it does not
   * have yet (completions counts those; completionsAlreadyHere the ones it has).
   */
  alreadyHere: z.boolean(),
  completionsAlreadyHere: z.number().int().min(0),
  /** A measurable routine's daily target (a Loop numerical habit); absent or null: done or not. */
  measure: measureSchema.nullable().optional(),
  /** Of the completions, the days whose amount was some but under an at-least target (Kinda Sorta). */
  partialDays: z.number().int().min(0).optional(),
  /**
   * Days with an amount entered that count as not done (0 for at least, over an at-most limit): added
   * with their amount, not completed, so the history shows what was recorded. Not in completions.
   */
  notDoneDays: z.number().int().min(0).optional(),
  /** The routine's steps (a Habitica daily's checklist); absent: none. */
  steps: z.number().int().min(0).optional(),
});
export type ImportPreviewSeries = z.infer<typeof importPreviewSeriesSchema>;

export const importPreviewLifeTaskSchema = z.object({
  title: z.string(),
  completed: z.boolean(),
  completedOn: localDateSchema.nullable(),
  /** Brought by an earlier import: left as it is. */
  alreadyHere: z.boolean(),
});

/** A Habitica todo with a checklist: a one-time quest with its items as steps. */
export const importPreviewQuestSchema = z.object({
  title: z.string(),
  steps: z.number().int().min(0),
  stepsDone: z.number().int().min(0),
  completed: z.boolean(),
  completedOn: localDateSchema.nullable(),
  /** Brought by an earlier import: left as it is. */
  alreadyHere: z.boolean(),
});

/** A Habitica habit that only counts "−": a habit to break, its clicks as slips. */
export const importPreviewBreakHabitSchema = z.object({
  title: z.string(),
  startDate: localDateSchema,
  /** The slips the import adds (days an earlier import brought are not added again). */
  slips: z.number().int().min(0),
  /** Brought by an earlier import: only its new slip days are added. */
  alreadyHere: z.boolean(),
  slipsAlreadyHere: z.number().int().min(0),
});
export type ImportPreviewBreakHabit = z.infer<typeof importPreviewBreakHabitSchema>;

export const importCountsSchema = z.object({
  series: z.number().int().min(0),
  lifeTasks: z.number().int().min(0),
  completions: z.number().int().min(0),
  /** One-time quests with steps (imports made before there were any have none). */
  quests: z.number().int().min(0).default(0),
  /** Habits to break and their slips: only when the file has habits to break. */
  breakHabits: z.number().int().min(0).optional(),
  slips: z.number().int().min(0).optional(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importPreviewSchema = z.object({
  source: importSourceSchema,
  fileName: z.string(),
  series: z.array(importPreviewSeriesSchema),
  lifeTasks: z.array(importPreviewLifeTaskSchema),
  quests: z.array(importPreviewQuestSchema).default([]),
  breakHabits: z.array(importPreviewBreakHabitSchema).default([]),
  /** What the import will add. */
  counts: importCountsSchema,
  /** What earlier imports of the same items already brought (not added again). */
  alreadyHere: importCountsSchema,
  /** What was changed or left out and why ('"Floss" also counts slips (−): only its + clicks are imported'). */
  warnings: z.array(z.string()),
  /** What keeps the file from being imported (an item's date that cannot be read), item by item. */
  problems: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importBatchStatusSchema = z.enum(['done', 'undone']);

export const importBatchSchema = z.object({
  id: idSchema,
  source: importSourceSchema,
  fileName: z.string(),
  status: importBatchStatusSchema,
  counts: importCountsSchema,
  createdAt: isoDateTimeSchema,
  undoneAt: isoDateTimeSchema.nullable(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

export const importBatchListSchema = z.object({ batches: z.array(importBatchSchema) });
export type ImportBatchList = z.infer<typeof importBatchListSchema>;
