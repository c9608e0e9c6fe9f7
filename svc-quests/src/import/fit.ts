import {
  BREAK_HABIT_DESCRIPTION_MAX,
  BREAK_HABIT_TITLE_MAX,
  CHECKLIST_MAX_STEPS,
  CHECKLIST_STEP_MAX_LENGTH,
  QUEST_TAG_MAX_LENGTH,
  QUEST_TAGS_MAX,
  normaliseTags,
  type ImportSource,
} from '@levelup/contracts';
import type {
  ImportPlan,
  PlannedBreakHabit,
  PlannedLifeTask,
  PlannedQuest,
  PlannedSeries,
  PlannedStep,
} from './plan.ts';

/**
 * What Level Up's own forms accept, so every imported item can be edited and saved afterwards: a title
 * of at least 3 characters (the import keeps at most 200), a series description of at least 10, a life
 * task's notes of at most 2000, a series repeating at most every 52 days, weeks or months, at most 20
 * tags of at most 40 characters each.
 */
export const IMPORT_TITLE_MAX = 200;
const TITLE_MIN = 3;
const DESCRIPTION_MIN = 10;
const LIFE_TASK_NOTES_MAX = 2000;
const INTERVAL_MAX = 52;

const SOURCE_NAMES: Record<ImportSource, string> = {
  habitica: 'Habitica',
  loop: 'Loop Habit Tracker',
};

/** A title as the warning names it: whole when short, its beginning otherwise. */
const named = (title: string) => `"${title.length > 40 ? `${title.slice(0, 40)}…` : title}"`;
const chars = (n: number) => n.toLocaleString('en-US');

function fitTitle(title: string, padding: string, warnings: string[]): string {
  let fitted = title.trim();
  if (fitted.length > IMPORT_TITLE_MAX) {
    warnings.push(
      `${named(fitted)}: title shortened from ${chars(fitted.length)} to ${IMPORT_TITLE_MAX} characters`,
    );
    fitted = fitted.slice(0, IMPORT_TITLE_MAX).trim();
  }
  if (fitted.length < TITLE_MIN) {
    const longer = `${fitted} ${padding}`.trim();
    warnings.push(
      `${named(fitted)}: titles need at least ${TITLE_MIN} characters, imported as "${longer}"`,
    );
    fitted = longer;
  }
  return fitted;
}

/**
 * Tags within a quest's limits: one spelling each, a name of at most 40 characters (longer ones
 * shortened), at most 20 (the first 20 kept). Absent stays absent.
 */
function fitTags(title: string, tags: string[] | undefined, warnings: string[]) {
  if (tags === undefined) return undefined;
  let shortened = 0;
  const fitted = normaliseTags(
    tags.map((tag) => {
      const trimmed = tag.trim();
      if (trimmed.length <= QUEST_TAG_MAX_LENGTH) return trimmed;
      shortened += 1;
      return trimmed.slice(0, QUEST_TAG_MAX_LENGTH).trim();
    }),
  );
  if (shortened > 0)
    warnings.push(
      `${named(title)}: ${shortened} tag(s) shortened to ${QUEST_TAG_MAX_LENGTH} characters, the most a tag holds`,
    );
  if (fitted.length > QUEST_TAGS_MAX)
    warnings.push(
      `${named(title)}: ${fitted.length} tags, the first ${QUEST_TAGS_MAX} kept (the most one item carries)`,
    );
  return fitted.slice(0, QUEST_TAGS_MAX);
}

/** The description a quest or a series gets when its own is under 10 characters. */
const completedDescription = (text: string, source: ImportSource) =>
  text.length >= DESCRIPTION_MIN
    ? text
    : `Imported from ${SOURCE_NAMES[source]}${text ? `: ${text}` : ''}`;

function fitSeries(s: PlannedSeries, source: ImportSource, warnings: string[]): PlannedSeries {
  const title = fitTitle(s.title, 'habit', warnings);
  const fitted = fitSteps(
    title,
    s.checklist ?? [],
    completedDescription(s.description.trim(), source),
    warnings,
  );
  const { description } = fitted;
  let recurrence = s.recurrence;
  if (recurrence.recurrenceInterval > INTERVAL_MAX) {
    const unit = { daily: 'days', weekly: 'weeks', monthly: 'months', custom: 'days' }[
      recurrence.recurrenceType
    ];
    warnings.push(
      `${named(title)} repeats every ${recurrence.recurrenceInterval} ${unit}: imported as every ${INTERVAL_MAX} ${unit}, the longest Level Up repeats`,
    );
    recurrence = { ...recurrence, recurrenceInterval: INTERVAL_MAX };
  }
  return {
    ...s,
    title,
    description,
    recurrence,
    tags: fitTags(title, s.tags, warnings),
    ...(s.checklist && { checklist: fitted.checklist }),
  };
}

function fitLifeTask(t: PlannedLifeTask, warnings: string[]): PlannedLifeTask {
  const title = fitTitle(t.title, 'task', warnings);
  let notes = t.notes?.trim() || null;
  if (notes && notes.length > LIFE_TASK_NOTES_MAX) {
    warnings.push(
      `${named(title)}: notes shortened from ${chars(notes.length)} to ${chars(LIFE_TASK_NOTES_MAX)} characters, the most a life task keeps`,
    );
    notes = notes.slice(0, LIFE_TASK_NOTES_MAX).trim();
  }
  return { ...t, title, notes };
}

/** A habit to break within its form's limits: a title of at most 100 characters, notes of 2000. */
function fitBreakHabit(h: PlannedBreakHabit, warnings: string[]): PlannedBreakHabit {
  let title = h.title.trim();
  if (title.length > BREAK_HABIT_TITLE_MAX) {
    warnings.push(
      `${named(title)}: title shortened from ${chars(title.length)} to ${BREAK_HABIT_TITLE_MAX} characters, the most a habit to break keeps`,
    );
    title = title.slice(0, BREAK_HABIT_TITLE_MAX).trim();
  }
  let description = h.description.trim();
  if (description.length > BREAK_HABIT_DESCRIPTION_MAX) {
    warnings.push(
      `${named(title)}: notes shortened from ${chars(description.length)} to ${chars(BREAK_HABIT_DESCRIPTION_MAX)} characters, the most a habit to break keeps`,
    );
    description = description.slice(0, BREAK_HABIT_DESCRIPTION_MAX).trim();
  }
  return { ...h, title, description, tags: fitTags(title, h.tags, warnings) };
}

/**
 * Steps within a checklist's limits: at most 200 characters each (longer ones shortened) and at most 30;
 * the items after those stay in the description, one line each (☑ done, ☐ open).
 */
function fitSteps(
  title: string,
  checklist: readonly PlannedStep[],
  description: string,
  warnings: string[],
): { checklist: PlannedStep[]; description: string } {
  let shortened = 0;
  const steps = checklist.map((step) => {
    if (step.text.length <= CHECKLIST_STEP_MAX_LENGTH) return step;
    shortened += 1;
    return { ...step, text: step.text.slice(0, CHECKLIST_STEP_MAX_LENGTH).trim() };
  });
  if (shortened > 0)
    warnings.push(
      `${named(title)}: ${shortened} checklist item(s) shortened to ${CHECKLIST_STEP_MAX_LENGTH} characters, the most a step holds`,
    );
  const rest = steps.slice(CHECKLIST_MAX_STEPS);
  if (rest.length === 0) return { checklist: steps, description };
  warnings.push(
    `${named(title)}: ${steps.length} checklist items, the first ${CHECKLIST_MAX_STEPS} imported as steps and the other ${rest.length} kept in the description`,
  );
  const lines = rest.map((step) => `${step.done ? '☑' : '☐'} ${step.text}`);
  return {
    checklist: steps.slice(0, CHECKLIST_MAX_STEPS),
    description: `${description}\n\nMore steps:\n${lines.join('\n')}`,
  };
}

/**
 * A todo's quest within the quest form's limits: the title, a description of at least 10 characters,
 * and its steps as fitSteps leaves them.
 */
function fitQuest(q: PlannedQuest, source: ImportSource, warnings: string[]): PlannedQuest {
  const title = fitTitle(q.title, 'task', warnings);
  const { checklist, description } = fitSteps(
    title,
    q.checklist,
    completedDescription(q.description, source),
    warnings,
  );
  return { ...q, title, description, checklist, tags: fitTags(title, q.tags, warnings) };
}

/**
 * The plan as Level Up can hold it: titles, descriptions, notes and repeat intervals brought within
 * what its forms accept, each change named in the warnings (a description under 10 characters is
 * completed with where it came from, counted once).
 */
export function fitToApp(plan: ImportPlan): ImportPlan {
  const warnings: string[] = [];
  const series = plan.series.map((s) => fitSeries(s, plan.source, warnings));
  const completed = plan.series.filter((s) => s.description.trim().length < DESCRIPTION_MIN);
  if (completed.length > 0)
    warnings.push(
      `${completed.length} series with a description under ${DESCRIPTION_MIN} characters get "Imported from ${SOURCE_NAMES[plan.source]}" added to it`,
    );
  const lifeTasks = plan.lifeTasks.map((t) => fitLifeTask(t, warnings));
  const quests = plan.quests.map((q) => fitQuest(q, plan.source, warnings));
  const breakHabits = plan.breakHabits?.map((h) => fitBreakHabit(h, warnings));
  return {
    ...plan,
    series,
    lifeTasks,
    quests,
    ...(breakHabits && { breakHabits }),
    warnings: [...plan.warnings, ...warnings],
  };
}
