import { AppError } from '@levelup/service-kit';
import { weekdayOfLocalDate, type ImportRecurrence } from '@levelup/contracts';
import { parseCsv } from './csv.ts';
import {
  byDay,
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

interface CheckedDays {
  done: string[];
  skipped: string[];
}

interface LoopHabit {
  position: string;
  name: string;
  description: string;
  numerical: boolean;
  numerator: number;
  denominator: number;
}

/** SKIP (3 in exports that write numbers): the day did not apply, a rest day. */
function isSkip(value: string, numerical: boolean): boolean {
  const v = value.trim();
  return v === 'SKIP' || (!numerical && v === '3');
}

/**
 * A checkmark value that means "done": YES_MANUAL (the export's words since Loop 2), 2 in older exports
 * (checked explicitly). YES_AUTO (or 1) is Loop filling in a day the frequency did not require: not a
 * completion. A numerical habit's value is its amount times 1000: any amount above zero counts.
 */
function isDone(value: string, numerical: boolean): boolean {
  const v = value.trim();
  if (v === 'YES_MANUAL') return true;
  if (!/^-?\d+(\.\d+)?$/.test(v)) return false;
  return numerical ? Number(v) > 0 : Number(v) === 2;
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
  const typeCol = col('Type');
  const archivedCol = col('Archived?');
  const descriptionCol = col('Description');
  const questionCol = col('Question');
  const habits: LoopHabit[] = [];
  rows.forEach((row, index) => {
    const name = row[nameCol]?.trim() ?? '';
    const numerator = Number(row[numCol]);
    const denominator = Number(row[denCol]);
    if (!name || !(numerator >= 1) || !(denominator >= 1))
      throw badFile(`Habits.csv line ${index + 2} has no name or frequency`);
    if (archivedCol >= 0 && row[archivedCol]?.trim() === 'true') return;
    habits.push({
      position: row[col('Position')]?.trim() || String(index + 1).padStart(3, '0'),
      name: name.slice(0, 200),
      description: (row[descriptionCol]?.trim() || row[questionCol]?.trim() || '').slice(0, 2000),
      numerical: typeCol >= 0 && row[typeCol]?.trim() === 'NUMERICAL',
      numerator: Math.round(numerator),
      denominator: Math.round(denominator),
    });
  });
  return habits;
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

/** Completed days per habit name from the all-habits Checkmarks.csv (Date, then one column per habit). */
function fromAllHabitsFile(file: CsvFile, habits: LoopHabit[]): Map<LoopHabit, CheckedDays> {
  const [header, ...rows] = parseCsv(file.text);
  const days = new Map<LoopHabit, CheckedDays>();
  if (header?.[0]?.trim() !== 'Date') throw badFile('Checkmarks.csv has no Date column');
  for (const habit of habits) {
    const column = header.findIndex((h, i) => i > 0 && h.trim() === habit.name);
    if (column < 0) continue;
    const checked: CheckedDays = { done: [], skipped: [] };
    for (const row of rows) {
      const date = row[0]?.trim() ?? '';
      if (!DATE.test(date)) throw badFile(`Checkmarks.csv has a row without a date: "${date}"`);
      if (isDone(row[column] ?? '', habit.numerical)) checked.done.push(date);
      else if (isSkip(row[column] ?? '', habit.numerical)) checked.skipped.push(date);
    }
    days.set(habit, checked);
  }
  return days;
}

/**
 * Completed days from a habit's own '<position> <name>/Checkmarks.csv': Date, Value[, Notes] under a
 * header line, or (older exports) the date and value rows alone.
 */
function fromHabitFile(file: CsvFile, habit: LoopHabit): CheckedDays {
  const all = parseCsv(file.text);
  const rows = all[0]?.[0]?.trim() === 'Date' ? all.slice(1) : all;
  const checked: CheckedDays = { done: [], skipped: [] };
  for (const row of rows) {
    const date = row[0]?.trim() ?? '';
    if (!DATE.test(date)) throw badFile(`${file.name} has a row without a date: "${date}"`);
    if (isDone(row[1] ?? '', habit.numerical)) checked.done.push(date);
    else if (isSkip(row[1] ?? '', habit.numerical)) checked.skipped.push(date);
  }
  return checked;
}

/**
 * What a Loop Habit Tracker CSV export (its zip's files: Habits.csv, Checkmarks.csv and the per-habit
 * folders) will create: one series per habit that is not archived, its checked days as completions.
 */
export function planLoop(files: CsvFile[], fileName: string, today: string): ImportPlan {
  const habitsFile = findFile(files, 'Habits.csv');
  if (!habitsFile) throw badFile('This is not a Loop Habit Tracker export: Habits.csv is missing');
  const habits = habitsOf(habitsFile);
  const allFile = files.find(
    (f) => depth(f.name) === depth(habitsFile.name) && baseName(f.name) === 'Checkmarks.csv',
  );
  const allDays = allFile ? fromAllHabitsFile(allFile, habits) : new Map<LoopHabit, CheckedDays>();
  const warnings: string[] = [];
  const series: PlannedSeries[] = habits.map((habit) => {
    let checked = allDays.get(habit);
    if (!checked) {
      const own = files.find(
        (f) =>
          baseName(f.name) === 'Checkmarks.csv' &&
          folderOf(f.name).startsWith(`${habit.position} `),
      );
      checked = own ? fromHabitFile(own, habit) : { done: [], skipped: [] };
      if (!own)
        warnings.push(`"${habit.name}" has no checkmarks in the export: imported without history`);
    }
    const completions = byDay(
      checked.done.map((day) => ({ day, at: null })),
      today,
    );
    const startDate = startOf(completions, null, today);
    return {
      title: habit.name,
      description: habit.description,
      kind: 'habit',
      difficulty: 'easy',
      recurrence: loopRecurrence(habit, completions, startDate),
      startDate,
      completions,
      skips: [...new Set(checked.skipped)].filter((day) => day <= today && day >= startDate),
    };
  });
  const archived = Math.max(0, parseCsv(habitsFile.text).length - 1 - habits.length);
  if (archived > 0) warnings.push(`${archived} archived habit(s) left out`);
  return { source: 'loop', fileName, series, lifeTasks: [], warnings };
}
