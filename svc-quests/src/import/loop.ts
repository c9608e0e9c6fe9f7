import { AppError } from '@levelup/service-kit';
import {
  MEASURE_MAX,
  MEASURE_PERIOD_LABELS,
  MEASURE_UNIT_MAX,
  formatAmount,
  measureLabel,
  measureSchema,
  periodOf,
  weekdayOfLocalDate,
  type ImportRecurrence,
  type Measure,
  type MeasurePeriod,
} from '@levelup/contracts';
import { parseCsv } from './csv.ts';
import {
  byDay,
  completionOf,
  describeRecurrence,
  judgeImportedDays,
  startOf,
  type ImportPlan,
  type MeasuredDay,
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
  /** A yes/no habit's days checked by hand. */
  done: string[];
  /** A numerical habit's days with an amount entered (Loop's value / 1000), whatever the amount. */
  amounts: MeasuredDay[];
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
  /**
   * A numerical habit's rule: at most (a limit) or at least (a goal) targetValue units over the
   * frequency's days (loopPeriod).
   */
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
 * A day's value into the habit's days. A yes/no habit is done when checked by hand (YES_MANUAL;
 * YES_AUTO is Loop filling in days the frequency did not ask for). A numerical habit's value is its
 * amount times 1000 (0 is written NO): every entered amount is kept, the measure judges it later;
 * UNKNOWN is a day without an entry. SKIP is a rest day for both.
 */
function checkDay(checked: CheckedDays, date: string, raw: string, habit: LoopHabit): void {
  const value = valueOf(raw);
  if (value !== UNKNOWN && (checked.last === null || date > checked.last)) checked.last = date;
  if (value === SKIP) checked.skipped.push(date);
  else if (habit.numerical) {
    if (value >= 0) checked.amounts.push({ day: date, amount: Math.round(value) / 1000 });
  } else if (value === YES_MANUAL) checked.done.push(date);
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
 * What a numerical habit's target counts over. Loop keeps it as the frequency: per day is 1 in 1 day,
 * per week 1 in 7, per month 1 in 30. Null for any period but a day or a week: Level Up's targets count
 * over neither a month nor any other number of days.
 */
function loopPeriod(habit: Pick<LoopHabit, 'numerator' | 'denominator'>): MeasurePeriod | null {
  if (habit.numerator >= habit.denominator) return 'day';
  return habit.numerator === 1 && habit.denominator === 7 ? 'week' : null;
}

/**
 * Loop's frequency "N times in D days" as a Level Up schedule: at least daily is every day, and so is a
 * numerical habit's per-week target (an amount can be entered on any day of the week); once a month
 * (D 30 or 31) monthly; N times a week (or once every few weeks) weekly on the N weekdays done most
 * often; anything else every round(D / N) days.
 */
export function loopRecurrence(
  habit: Pick<LoopHabit, 'numerator' | 'denominator' | 'numerical'>,
  completions: PlannedCompletion[],
  start: string,
): ImportRecurrence {
  const { numerator: n, denominator: d } = habit;
  const rule = { weeklyPattern: null, monthlyBy: 'day_of_month' as const };
  if (n >= d || (habit.numerical && loopPeriod(habit) === 'week'))
    return { ...rule, recurrenceType: 'daily', recurrenceInterval: 1 };
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
  const days = habits.map(emptyDays);
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
  const checked = emptyDays();
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

/**
 * How a numerical habit's days come over, in words: how many Completed, Kinda Sorta, not done, as the
 * import judged them (per week, each day on its week's total from Monday to it).
 */
function measuredNote(habit: LoopHabit, series: PlannedSeries): string {
  const measure = series.measure!;
  const partial = series.completions.filter((c) => completionOf(measure, c) === 'partial').length;
  const notDone = series.notDone?.length ?? 0;
  const entered = series.completions.length + notDone;
  const rule = habit.atMost ? 'at most' : 'at least';
  const period = periodOf(measure);
  const counts = [
    `${series.completions.length - partial} Completed`,
    ...(habit.atMost ? [] : [`${partial} Kinda Sorta (some, under the target)`]),
    `${notDone} not done (${habit.atMost ? 'over the limit' : '0'})`,
  ];
  const judged = period === 'week' ? ", each judged on its week's total from Monday to it" : '';
  return `"${habit.name}" counts ${habit.unit.trim() || 'an amount'} (${rule} ${formatAmount(habit.targetValue)} ${MEASURE_PERIOD_LABELS[period]}): imported as a measurable routine with the amounts of its ${days(entered)}${judged}: ${counts.join(', ')}`;
}

/**
 * A numerical habit whose target counts over a month (or another number of days) in Loop: Level Up
 * keeps its schedule and counts its target a day, which the note says in plain words.
 */
function periodNote(habit: LoopHabit, series: PlannedSeries): string {
  const measure = series.measure!;
  const monthly = habit.denominator === 30 || habit.denominator === 31;
  const over = monthly ? 'a month' : `every ${habit.denominator} days`;
  const rule = habit.atMost ? 'at most' : 'at least';
  const unit = habit.unit.trim() || measure.unit;
  const missing = monthly ? 'per-month target' : `target over ${habit.denominator} days`;
  const label = measureLabel(measure);
  return `"${habit.name}" has a target of ${rule} ${formatAmount(habit.targetValue)} ${unit} ${over} in Loop: Level Up has no ${missing}, so it is imported as ${describeRecurrence(series.recurrence)} with a target of ${label.charAt(0).toLowerCase()}${label.slice(1)}, each day's amount judged on its own`;
}

/** What cannot be carried over as it is in Loop, in words for the preview. */
function habitNotes(habit: LoopHabit, series: PlannedSeries): string[] {
  const notes: string[] = [];
  const name = `"${habit.name}"`;
  if (series.measure) notes.push(measuredNote(habit, series));
  if (series.measure && loopPeriod(habit) === null) notes.push(periodNote(habit, series));
  else if (habit.numerator > 1 && habit.numerator < habit.denominator)
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

export const emptyDays = (): CheckedDays => ({ done: [], amounts: [], skipped: [], last: null });

/** Counted when Loop's unit is empty: a measurable routine names what it counts. */
const NO_UNIT = 'units';
/** The smallest target Level Up takes (amounts keep three decimals). */
const SMALLEST_TARGET = 0.001;

/**
 * A numerical habit's target as Level Up keeps it: Loop's rule, target and unit, within what the
 * routine's form accepts (a unit of 1 to 20 characters, a target above 0 and at most MEASURE_MAX),
 * each change named in the warnings. A per-week target counts over the week; any other counts a day.
 */
function loopMeasure(habit: LoopHabit, warnings: string[]): Measure {
  const name = `"${habit.name}"`;
  const rule = habit.atMost ? 'at_most' : 'at_least';
  const period = loopPeriod(habit) === 'week' ? ('week' as const) : undefined;
  let unit = habit.unit.trim();
  if (!unit) {
    unit = NO_UNIT;
    warnings.push(`${name} has no unit in Loop: imported as counting "${NO_UNIT}"`);
  } else if (unit.length > MEASURE_UNIT_MAX) {
    const cut = unit.slice(0, MEASURE_UNIT_MAX).trim();
    warnings.push(
      `${name} counts "${unit}": the unit is shortened to "${cut}", the ${MEASURE_UNIT_MAX} characters Level Up keeps`,
    );
    unit = cut;
  }
  let target = Math.max(0, Math.round(habit.targetValue * 1000) / 1000);
  // "At most 0" is a real target (none at all); "at least 0" is not one Level Up takes.
  if (!habit.atMost && !(target > 0)) {
    target = SMALLEST_TARGET;
    warnings.push(
      `${name} has a target of 0 in Loop: imported as at least ${SMALLEST_TARGET} ${unit} ${MEASURE_PERIOD_LABELS[period ?? 'day']}, the smallest target Level Up takes, so a day with 0 entered is not done`,
    );
  } else if (target > MEASURE_MAX) {
    target = MEASURE_MAX;
    warnings.push(
      `${name} has a target over ${formatAmount(MEASURE_MAX)}: imported as ${formatAmount(MEASURE_MAX)}, the largest Level Up takes`,
    );
  }
  return measureSchema.parse({ rule, target, unit, ...(period && { period }) });
}

/**
 * A numerical habit's entered days (one per day, none after today) judged together by its measure
 * (per week, each on its week's total): the days it makes Completed or Kinda Sorta are completions,
 * with their amounts; the rest are kept as days not done, with theirs. An amount over MEASURE_MAX is
 * kept as MEASURE_MAX, said in the warnings.
 */
function measuredDays(
  habit: LoopHabit,
  checked: CheckedDays,
  measure: Measure,
  today: string,
  warnings: string[],
): { completions: PlannedCompletion[]; notDone: MeasuredDay[] } {
  const byDate = new Map<string, number>();
  for (const { day, amount } of checked.amounts)
    if (day <= today && !byDate.has(day)) byDate.set(day, amount);
  const entered = [...byDate.entries()].map(([day, amount]) => ({
    day,
    amount: Math.min(amount, MEASURE_MAX),
  }));
  const capped = [...byDate.values()].filter((amount) => amount > MEASURE_MAX).length;
  if (capped > 0)
    warnings.push(
      `"${habit.name}": ${days(capped)} with an amount over ${formatAmount(MEASURE_MAX)}, imported as ${formatAmount(MEASURE_MAX)}`,
    );
  return judgeImportedDays(measure, entered);
}

/** Loop's value of a day (a number, or one of its words) into a habit's days. */
export function addLoopDay(checked: CheckedDays, date: string, value: number, habit: LoopHabit) {
  checkDay(checked, date, String(value), habit);
}

/**
 * One series per Loop habit (in Loop's order): a yes/no habit's done days as completions, a numerical
 * habit's entered amounts as a measurable routine's days, its skips as rest days; an archived habit
 * ends on its last entry, or is left out when it has none.
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
    const measureNotes: string[] = [];
    const measure = habit.numerical ? loopMeasure(habit, measureNotes) : null;
    const measured = measure ? measuredDays(habit, checked, measure, today, measureNotes) : null;
    const completions =
      measured?.completions ??
      byDay(
        checked.done.map((day) => ({ day, at: null })),
        today,
      );
    const notDone = measured?.notDone ?? [];
    const entered = byDay(
      [...completions, ...notDone.map((d) => ({ day: d.day, at: null }))],
      today,
    );
    const startDate = startOf(entered, null, today);
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
      ...(measure && { measure, notDone }),
    };
    warnings.push(...habitNotes(habit, planned), ...measureNotes);
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
