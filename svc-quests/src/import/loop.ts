import { AppError } from '@levelup/service-kit';
import { weekdayOfLocalDate, type ImportRecurrence } from '@levelup/contracts';
import { parseCsv } from './csv.ts';
import {
  byDay,
  describeRecurrence,
  startOf,
  type ImportPlan,
  type PlannedCompletion,
  type PlannedSeries,
} from './plan.ts';

export interface CsvFile {
  name: string;
  text: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function badFile(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, 400, { details: [{ path: 'files', message }] });
}

const baseName = (name: string) => name.split(/[\\/]/).pop() ?? name;
const folderOf = (name: string) => name.split(/[\\/]/).slice(-2, -1)[0] ?? '';
const depth = (name: string) => name.split(/[\\/]/).length;

/** The shallowest file of that name (a zip may be exported inside a folder). */
function findFile(files: CsvFile[], wanted: string): CsvFile | undefined {
  return files
    .filter((f) => baseName(f.name).toLowerCase() === wanted.toLowerCase())
    .sort((a, b) => depth(a.name) - depth(b.name))[0];
}

export interface CheckedDays {
  done: string[];
  skipped: string[];
  /** The newest day with any entry (Loop's own filler of future days left out). */
  last: string | null;
}

export interface LoopHabit {
  /** Its place in Habits.csv, "001" (the per-habit folder's prefix and the all-habits column). */
  position: string;
  name: string;
  description: string;
  numerical: boolean;
  /** A numerical habit's rule: at most (a limit) or at least (a goal) targetValue units a day. */
  atMost: boolean;
  targetValue: number;
  unit: string;
  numerator: number;
  denominator: number;
  archived: boolean;
}

/** Loop's checkmark values as its exporter writes them (Entry.formattedValue), or a plain number. */
const VALUE_WORDS: Record<string, number> = {
  UNKNOWN: -1,
  NO: 0,
  YES_AUTO: 1,
  YES_MANUAL: 2,
  SKIP: 3,
};
const SKIP = 3;
const YES_MANUAL = 2;
const UNKNOWN = -1;

function valueOf(text: string): number {
  const v = text.trim();
  if (v in VALUE_WORDS) return VALUE_WORDS[v]!;
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : UNKNOWN;
}

/**
 * Whether Loop counts a day as done (its streak rule): a yes/no habit when checked by hand
 * (YES_MANUAL; YES_AUTO is Loop filling in days the frequency did not ask for); a numerical habit,
 * whose values are its amount times 1000, "at least" when the amount reaches the target and "at most"
 * when an amount was entered and stays within the target (a day without an entry is not done).
 */
function isDone(value: number, habit: LoopHabit): boolean {
  if (!habit.numerical) return value === YES_MANUAL;
  if (value === SKIP) return false;
  if (habit.atMost) return value !== UNKNOWN && value / 1000 <= habit.targetValue;
  return value / 1000 >= habit.targetValue;
}

function checkDay(checked: CheckedDays, date: string, raw: string, habit: LoopHabit): void {
  const value = valueOf(raw);
  if (value !== UNKNOWN && (checked.last === null || date > checked.last)) checked.last = date;
  if (value === SKIP) checked.skipped.push(date);
  else if (isDone(value, habit)) checked.done.push(date);
}

function habitsOf(file: CsvFile): LoopHabit[] {
  const [header, ...rows] = parseCsv(file.text);
  const col = (name: string) => header?.findIndex((h) => h.trim() === name) ?? -1;
  const nameCol = col('Name');
  const numCol = col('FrequencyNumerator') >= 0 ? col('FrequencyNumerator') : col('NumRepetitions');
  const denCol = col('FrequencyDenominator') >= 0 ? col('FrequencyDenominator') : col('Interval');
  if (nameCol < 0 || numCol < 0 || denCol < 0)
    throw badFile(
      'Habits.csv is not a Loop Habit Tracker export: it has no Name and frequency columns',
    );
  const cell = (row: string[], name: string) => row[col(name)]?.trim() ?? '';
  return rows.map((row, index) => {
    const name = row[nameCol]?.trim() ?? '';
    const numerator = Number(row[numCol]);
    const denominator = Number(row[denCol]);
    if (!name || !(numerator >= 1) || !(denominator >= 1))
      throw badFile(`Habits.csv line ${index + 2} has no name or frequency`);
    const target = Number(cell(row, 'Target Value'));
    return {
      position: cell(row, 'Position') || String(index + 1).padStart(3, '0'),
      name,
      description: cell(row, 'Description') || cell(row, 'Question'),
      numerical: cell(row, 'Type') === 'NUMERICAL',
      atMost: cell(row, 'Target Type') === 'AT_MOST',
      targetValue: Number.isFinite(target) ? target : 0,
      unit: cell(row, 'Unit'),
      numerator: Math.round(numerator),
      denominator: Math.round(denominator),
      archived: cell(row, 'Archived?') === 'true',
    };
  });
}

/** The weekdays most often done, as many as wanted; the start's weekday and on when there is no history. */
function favouriteWeekdays(
  completions: PlannedCompletion[],
  wanted: number,
  start: string,
): number[] {
  const counts = new Array<number>(7).fill(0);
  for (const c of completions) {
    const day = weekdayOfLocalDate(c.day);
    counts[day] = (counts[day] ?? 0) + 1;
  }
  const first = weekdayOfLocalDate(start);
  const order = [0, 1, 2, 3, 4, 5, 6]
    .map((i) => (first + i) % 7)
    .sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0));
  return order.slice(0, Math.min(7, wanted)).sort((a, b) => a - b);
}

/**
 * Loop's frequency "N times in D days" as a Level Up schedule: at least daily is every day; once a month
 * (D 30 or 31) monthly; N times a week (or once every few weeks) weekly on the N weekdays done most
 * often; anything else every round(D / N) days.
 */
export function loopRecurrence(
  habit: Pick<LoopHabit, 'numerator' | 'denominator'>,
  completions: PlannedCompletion[],
  start: string,
): ImportRecurrence {
  const { numerator: n, denominator: d } = habit;
  const rule = { weeklyPattern: null, monthlyBy: 'day_of_month' as const };
  if (n >= d) return { ...rule, recurrenceType: 'daily', recurrenceInterval: 1 };
  if (n === 1 && (d === 30 || d === 31))
    return { ...rule, recurrenceType: 'monthly', recurrenceInterval: 1 };
  if (d === 7 || (n === 1 && d % 7 === 0))
    return {
      ...rule,
      recurrenceType: 'weekly',
      recurrenceInterval: d === 7 ? 1 : d / 7,
      weeklyPattern: favouriteWeekdays(completions, n, start),
    };
  return { ...rule, recurrenceType: 'daily', recurrenceInterval: Math.max(1, Math.round(d / n)) };
}

/**
 * Days per habit from the all-habits Checkmarks.csv. Loop writes its header by hand, names unquoted
 * (a name may hold a comma, two habits may share one), so its columns are matched by position: one per
 * habit of Habits.csv, in that order. Null when the counts differ (then only the per-habit files tell).
 */
function fromAllHabitsFile(file: CsvFile, habits: LoopHabit[]): CheckedDays[] | null {
  const lines = file.text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l !== '');
  const [header, ...rows] = lines.map((line) => line.split(','));
  if (header?.[0]?.trim() !== 'Date') throw badFile('Checkmarks.csv has no Date column');
  const columns = header.length - 1 - (header[header.length - 1] === '' ? 1 : 0);
  const valuesPerRow = (rows[0]?.length ?? 1) - 1 - (rows[0]?.at(-1) === '' ? 1 : 0);
  for (const row of rows) {
    const date = row[0]?.trim() ?? '';
    if (!DATE.test(date)) throw badFile(`Checkmarks.csv has a row without a date: "${date}"`);
  }
  if (columns !== habits.length && valuesPerRow !== habits.length) return null;
  const days = habits.map((): CheckedDays => ({ done: [], skipped: [], last: null }));
  for (const row of rows)
    habits.forEach((habit, i) => checkDay(days[i]!, row[0]!.trim(), row[i + 1] ?? '', habit));
  return days;
}

/**
 * Days from a habit's own '<position> <name>/Checkmarks.csv': Date, Value[, Notes] under a header
 * line, or (older exports) the date and value rows alone.
 */
function fromHabitFile(file: CsvFile, habit: LoopHabit): CheckedDays {
  const all = parseCsv(file.text);
  const rows = all[0]?.[0]?.trim() === 'Date' ? all.slice(1) : all;
  const checked: CheckedDays = { done: [], skipped: [], last: null };
  for (const row of rows) {
    const date = row[0]?.trim() ?? '';
    if (!DATE.test(date)) throw badFile(`${file.name} has a row without a date: "${date}"`);
    checkDay(checked, date, row[1] ?? '', habit);
  }
  return checked;
}

/** The habit's own folder: "<position> <name as a file name>", or "<position>" alone. */
function ownFile(files: CsvFile[], habit: LoopHabit): CsvFile | undefined {
  return files.find((f) => {
    if (baseName(f.name) !== 'Checkmarks.csv') return false;
    const folder = folderOf(f.name);
    return folder === habit.position || folder.startsWith(`${habit.position} `);
  });
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** What cannot be carried over as it is in Loop, in words for the preview. */
function habitNotes(habit: LoopHabit, series: PlannedSeries): string[] {
  const notes: string[] = [];
  const name = `"${habit.name}"`;
  if (habit.numerical) {
    const rule = habit.atMost ? 'at most' : 'at least';
    notes.push(
      `${name} counts ${habit.unit || 'an amount'} (${rule} ${habit.targetValue} a day): imported as done on the ${days(series.completions.length)} Loop counts as done; the amounts are not kept`,
    );
  }
  if (habit.numerator > 1 && habit.numerator < habit.denominator)
    notes.push(
      `${name} is ${habit.numerator} times in ${habit.denominator} days in Loop: imported as ${describeRecurrence(series.recurrence)}`,
    );
  if (habit.archived)
    notes.push(
      `${name} is archived in Loop: imported with its history, ended on ${series.endDate}`,
    );
  return notes;
}

/** A habit with the days read for it (null: the export has none for it). */
export interface LoopHabitDays {
  habit: LoopHabit;
  checked: CheckedDays | null;
}

export const emptyDays = (): CheckedDays => ({ done: [], skipped: [], last: null });

/** Loop's value of a day (a number, or one of its words) into a habit's days. */
export function addLoopDay(checked: CheckedDays, date: string, value: number, habit: LoopHabit) {
  checkDay(checked, date, String(value), habit);
}

/**
 * One series per Loop habit (in Loop's order): its done days as completions and its skips as rest
 * days; an archived habit ends on its last entry, or is left out when it has none.
 */
export function planLoopHabits(
  read: LoopHabitDays[],
  fileName: string,
  today: string,
  warnings: string[],
): ImportPlan {
  const series: PlannedSeries[] = [];
  const seen = new Map<string, number>();
  for (const { habit, checked: found } of read) {
    // Loop's CSV has no habit id: its name, numbered among habits of the same name, stands for it
    // (in the CSV export and the backup alike, so either may follow the other).
    const nth = (seen.get(habit.name) ?? 0) + 1;
    seen.set(habit.name, nth);
    const checked = found ?? emptyDays();
    if (habit.archived && checked.last === null) {
      warnings.push(`"${habit.name}" is archived in Loop and has no history: not imported`);
      continue;
    }
    if (!found)
      warnings.push(`"${habit.name}" has no checkmarks in the export: imported without history`);
    const completions = byDay(
      checked.done.map((day) => ({ day, at: null })),
      today,
    );
    const startDate = startOf(completions, null, today);
    const last = checked.last && checked.last < today ? checked.last : today;
    const planned: PlannedSeries = {
      sourceId: `${habit.name}#${nth}`,
      title: habit.name,
      description: habit.description,
      kind: 'habit',
      difficulty: 'easy',
      recurrence: loopRecurrence(habit, completions, startDate),
      startDate,
      endDate: habit.archived ? (last < startDate ? startDate : last) : null,
      paused: false,
      completions,
      skips: [...new Set(checked.skipped)].filter((day) => day <= today && day >= startDate),
    };
    warnings.push(...habitNotes(habit, planned));
    series.push(planned);
  }
  return { source: 'loop', fileName, series, lifeTasks: [], quests: [], warnings, problems: [] };
}

/**
 * What a Loop Habit Tracker CSV export (its zip's files: Habits.csv, Checkmarks.csv and the per-habit
 * folders) will create. A habit's own folder is read first; the all-habits file is the fallback, by
 * column position.
 */
export function planLoop(files: CsvFile[], fileName: string, today: string): ImportPlan {
  const habitsFile = findFile(files, 'Habits.csv');
  if (!habitsFile) throw badFile('This is not a Loop Habit Tracker export: Habits.csv is missing');
  const habits = habitsOf(habitsFile);
  const allFile = files.find(
    (f) => depth(f.name) === depth(habitsFile.name) && baseName(f.name) === 'Checkmarks.csv',
  );
  const allDays = allFile ? fromAllHabitsFile(allFile, habits) : null;
  const read = habits.map((habit, index) => {
    const own = ownFile(files, habit);
    const fromOwn = own ? fromHabitFile(own, habit) : null;
    // An own file without any entry gives way to the all-habits file's column, should that have some.
    const fromAll = allDays?.[index] ?? null;
    return { habit, checked: fromOwn?.last || !fromAll?.last ? (fromOwn ?? fromAll) : fromAll };
  });
  return planLoopHabits(read, fileName, today, []);
}
