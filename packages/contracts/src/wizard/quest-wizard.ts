import { normaliseTags, questTagsSchema, type CreateQuestRequestInput } from '../quests/quest.ts';
import type { CreateSeriesRequestInput } from '../quests/series.ts';
import type { MonthlyBy } from '../quests/recurrence.ts';
import {
  measureSchema,
  type MeasureInput,
  type MeasurePeriod,
  type MeasureRule,
} from '../quests/measure.ts';
import {
  WEEKLY_DAYS_REQUIRED_DESCRIPTION,
  WEEKLY_DAYS_REQUIRED_MESSAGE,
} from '../quests/series.ts';
import type { GrowthPath, QuestCategory, QuestDifficulty, TimeOfDay } from '../quests/enums.ts';
import { addDays, endOfLocalDay, localDate, zonedTimeToInstant } from '../time/zone.ts';
import { type WizardIntent, xpForIntent } from './intent.ts';

// The quest creation wizard as a pure state machine (steps, flow, weekly days). The dialog holds `questWizardReducer` in a
// useReducer; everything here is deterministic: time and zone arrive inside the actions.

export const WIZARD_STEPS = [
  'intent',
  'recurrence',
  'weekly_days',
  'time_of_day',
  'quest_path',
  'emotion',
  'templates',
  'life_task',
  'create',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const WIZARD_STEP_TITLES: Readonly<Record<WizardStep, string>> = {
  intent: 'What brings you here today?',
  recurrence: 'How often?',
  weekly_days: 'Which days?',
  time_of_day: 'What time of day?',
  quest_path: 'Choose your quest path',
  emotion: 'How are you feeling?',
  templates: 'Pick what resonates with you',
  life_task: 'Add your task',
  create: "Let's create your quest!",
};

/** Closing the dialog resets everything after 300 ms. */
export const WIZARD_RESET_DELAY_MS = 300;
/** The dialog opens by itself after 500 ms if onboarding is not complete. */
export const ONBOARDING_AUTO_OPEN_MS = 500;

export type WizardRecurrence = 'one_time' | 'daily' | 'weekly' | 'monthly';

/** Whether the wizard's recurrence makes a series (anything but a one-time quest). */
export function isRecurringChoice(recurrence: WizardRecurrence | null): boolean {
  return recurrence === 'daily' || recurrence === 'weekly' || recurrence === 'monthly';
}

/** The series' "every N" bounds (createSeriesRequestSchema's recurrenceInterval). */
export const WIZARD_INTERVAL_MAX = 52;
export type WizardEmotion = 'stressed' | 'anxious' | 'vent' | 'scattered';
export type DuePreset = 'today' | 'tomorrow' | 'next_week';

export interface WizardTemplate {
  id: string;
  title: string;
  description: string;
  difficulty: QuestDifficulty;
  xpReward: number;
  category?: QuestCategory | null;
}

export interface WizardNotice {
  title: string;
  description: string;
}

/** A measurable routine's target as typed so far: the target may still be empty. */
export interface MeasureDraft {
  rule: MeasureRule;
  target: number | null;
  unit: string;
  /** What the target counts over; absent is a day. */
  period?: MeasurePeriod;
}

/** The draft a routine starts from when "An amount" is chosen. */
export const NEW_MEASURE_DRAFT: MeasureDraft = { rule: 'at_least', target: null, unit: '' };

/**
 * The measure a draft makes: an empty target counts as 0, and a per-day target leaves its period out
 * (absent is a day), so only a week is ever sent.
 */
export function measureOfDraft({ period, ...draft }: MeasureDraft): MeasureInput {
  return {
    ...draft,
    target: draft.target ?? 0,
    ...(period === 'week' ? { period } : {}),
  };
}

/** Why a draft cannot be created yet (the contracts' message), or null when it can. */
export function measureDraftError(draft: MeasureDraft): string | null {
  const result = measureSchema.safeParse(measureOfDraft(draft));
  return result.success ? null : (result.error.issues[0]?.message ?? 'Check the target');
}

export interface QuestWizardState {
  step: WizardStep;
  /** Steps visited before this one, oldest first: Back pops it, so Back follows the path taken. */
  history: WizardStep[];
  intent: WizardIntent | null;
  recurrence: WizardRecurrence | null;
  /** 0 = Sunday .. 6 = Saturday, sorted. */
  weeklyDays: number[];
  /** Every N days, weeks or months (1 = every one). */
  recurrenceInterval: number;
  /** A monthly series: on the start's date, or on its weekday of the same week of the month. */
  monthlyBy: MonthlyBy;
  /** A routine tracked by an amount (a draft: checked when created); null for done or not. */
  measure: MeasureDraft | null;
  /** Words to find the quest or routine by in the Quest Log. */
  tags: string[];
  timeOfDay: TimeOfDay | null;
  growthPath: GrowthPath | null;
  emotion: WizardEmotion | null;
  template: WizardTemplate | null;
  category: QuestCategory | null;
  difficulty: QuestDifficulty;
  xpReward: number;
  title: string;
  description: string;
  /** ISO instant, the end of a local day (23:59:59.999), or null. */
  dueDate: string | null;
  /** ISO instant on today's date, only with a time of day. */
  scheduledTime: string | null;
  /** A toast to show (e.g. weekly with no day); cleared by the next action. */
  notice: WizardNotice | null;
}

export type QuestWizardAction =
  | { type: 'chooseIntent'; intent: WizardIntent }
  | { type: 'chooseRecurrence'; recurrence: WizardRecurrence }
  | { type: 'toggleWeekday'; day: number }
  | { type: 'confirmWeeklyDays' }
  | { type: 'chooseTimeOfDay'; timeOfDay: TimeOfDay }
  | { type: 'choosePath'; growthPath: GrowthPath }
  | { type: 'chooseEmotion'; emotion: WizardEmotion }
  | { type: 'chooseTemplate'; template: WizardTemplate }
  | { type: 'back' }
  | { type: 'setTitle'; title: string }
  | { type: 'setDescription'; description: string }
  | { type: 'setDifficulty'; difficulty: QuestDifficulty }
  | { type: 'setXpReward'; xpReward: number }
  | { type: 'setRecurrenceInterval'; interval: number }
  | { type: 'setMonthlyBy'; monthlyBy: MonthlyBy }
  | { type: 'setMeasure'; measure: MeasureDraft | null }
  | { type: 'setTags'; tags: string[] }
  | { type: 'setDuePreset'; preset: DuePreset; now: Date; timeZone: string }
  | { type: 'setCustomDueDate'; date: string; timeZone: string }
  | { type: 'clearDueDate' }
  | { type: 'setScheduledTime'; hour: number; minute: number; now: Date; timeZone: string }
  | { type: 'clearScheduledTime' }
  /** Dialog closed (after WIZARD_RESET_DELAY_MS) or creation succeeded. */
  | { type: 'reset' };

export function initialQuestWizardState(): QuestWizardState {
  return {
    step: 'intent',
    history: [],
    intent: null,
    recurrence: null,
    weeklyDays: [],
    recurrenceInterval: 1,
    monthlyBy: 'day_of_month',
    measure: null,
    tags: [],
    timeOfDay: null,
    growthPath: null,
    emotion: null,
    template: null,
    category: null,
    difficulty: 'easy',
    xpReward: 20,
    title: '',
    description: '',
    dueDate: null,
    scheduledTime: null,
    notice: null,
  };
}

/**
 * Category derived from time of day and growth path. This table keeps the derived category in the same
 * time-of-day section (questSection) wherever the category table allows: physical growth is
 * health_fitness; inner growth is morning_routine / learning / self_care / self_care; environment growth
 * is morning_routine / work_focus / evening_routine / chores_errands for morning / afternoon / evening /
 * anytime.
 */
export function deriveCategory(
  timeOfDay: TimeOfDay | null,
  growthPath: GrowthPath | null,
): QuestCategory {
  if (growthPath === 'physical_growth') return 'health_fitness';
  const inner = growthPath === 'inner_growth';
  switch (timeOfDay) {
    case 'morning':
      return 'morning_routine';
    case 'afternoon':
      return inner ? 'learning' : 'work_focus';
    case 'evening':
      return inner ? 'self_care' : 'evening_routine';
    default:
      return inner ? 'self_care' : 'chores_errands';
  }
}

/** End of a due-date preset's day in the user's zone: Today, Tomorrow, Next Week (+7 days). */
export function duePresetDate(preset: DuePreset, now: Date, timeZone: string): Date {
  const today = localDate(now, timeZone);
  const offset = preset === 'today' ? 0 : preset === 'tomorrow' ? 1 : 7;
  return endOfLocalDay(addDays(today, offset), timeZone);
}

/** Whether the current step can go on (Continue disabled while no weekday is chosen). */
export function wizardCanContinue(state: QuestWizardState): boolean {
  if (state.step === 'weekly_days') return state.weeklyDays.length > 0;
  if (state.step === 'create')
    return (
      state.title.trim().length >= 3 &&
      state.description.trim().length >= 10 &&
      !(isSeriesChoice(state) && state.measure && measureDraftError(state.measure)) &&
      questTagsSchema.safeParse(state.tags).success
    );
  return true;
}

/** A scheduled time is offered only when a time of day was chosen (morning, afternoon or evening). */
export function canPickScheduledTime(state: QuestWizardState): boolean {
  return state.timeOfDay !== null && state.timeOfDay !== 'anytime';
}

function go(
  state: QuestWizardState,
  step: WizardStep,
  patch: Partial<QuestWizardState> = {},
): QuestWizardState {
  return { ...state, ...patch, step, history: [...state.history, state.step], notice: null };
}

export function questWizardReducer(
  state: QuestWizardState,
  action: QuestWizardAction,
): QuestWizardState {
  const s: QuestWizardState = state.notice ? { ...state, notice: null } : state;
  switch (action.type) {
    case 'chooseIntent': {
      if (s.step !== 'intent') return s;
      // A new intent starts a new path: nothing chosen on an earlier path survives.
      const fresh = {
        ...initialQuestWizardState(),
        ...xpForIntent(action.intent),
        intent: action.intent,
      };
      if (action.intent === 'not_sure') return go(fresh, 'emotion');
      if (action.intent === 'simple_task') {
        return go(fresh, 'create', { recurrence: 'one_time', category: 'chores_errands' });
      }
      return go(fresh, 'recurrence');
    }
    case 'chooseRecurrence': {
      if (s.step !== 'recurrence') return s;
      const weeklyDays = action.recurrence === 'weekly' ? s.weeklyDays : [];
      return go(s, action.recurrence === 'weekly' ? 'weekly_days' : 'time_of_day', {
        recurrence: action.recurrence,
        weeklyDays,
      });
    }
    case 'setRecurrenceInterval': {
      const n = action.interval;
      if (!Number.isInteger(n) || n < 1 || n > WIZARD_INTERVAL_MAX) return s;
      return { ...s, recurrenceInterval: n };
    }
    case 'setMonthlyBy':
      return { ...s, monthlyBy: action.monthlyBy };
    case 'setMeasure':
      return { ...s, measure: action.measure };
    case 'setTags':
      return { ...s, tags: normaliseTags(action.tags) };
    case 'toggleWeekday': {
      if (
        s.step !== 'weekly_days' ||
        !Number.isInteger(action.day) ||
        action.day < 0 ||
        action.day > 6
      )
        return s;
      const has = s.weeklyDays.includes(action.day);
      const weeklyDays = has
        ? s.weeklyDays.filter((d) => d !== action.day)
        : [...s.weeklyDays, action.day].sort((a, b) => a - b);
      return { ...s, weeklyDays };
    }
    case 'confirmWeeklyDays': {
      if (s.step !== 'weekly_days') return s;
      if (s.weeklyDays.length === 0) {
        return {
          ...s,
          notice: {
            title: WEEKLY_DAYS_REQUIRED_MESSAGE,
            description: WEEKLY_DAYS_REQUIRED_DESCRIPTION,
          },
        };
      }
      return go(s, 'time_of_day');
    }
    case 'chooseTimeOfDay': {
      if (s.step !== 'time_of_day') return s;
      const keepTime = action.timeOfDay !== 'anytime' && action.timeOfDay === s.timeOfDay;
      return go(s, 'quest_path', {
        timeOfDay: action.timeOfDay,
        scheduledTime: keepTime ? s.scheduledTime : null,
      });
    }
    case 'choosePath': {
      if (s.step !== 'quest_path') return s;
      return go(s, 'create', {
        growthPath: action.growthPath,
        category: deriveCategory(s.timeOfDay, action.growthPath),
      });
    }
    case 'chooseEmotion': {
      if (s.step !== 'emotion') return s;
      return go(s, 'templates', { emotion: action.emotion });
    }
    case 'chooseTemplate': {
      if (s.step !== 'templates') return s;
      const t = action.template;
      return go(s, 'create', {
        template: t,
        title: t.title,
        description: t.description,
        difficulty: t.difficulty,
        xpReward: t.xpReward,
        category: t.category ?? s.category,
      });
    }
    case 'back': {
      const previous = s.history[s.history.length - 1];
      if (previous === undefined) return s;
      const patch: Partial<QuestWizardState> = {};
      // Leaving create back to templates un-picks the template (the next pick fills the form again).
      if (s.step === 'create' && previous === 'templates') patch.template = null;
      return { ...s, ...patch, step: previous, history: s.history.slice(0, -1) };
    }
    case 'setTitle':
      return { ...s, title: action.title };
    case 'setDescription':
      return { ...s, description: action.description };
    case 'setDifficulty':
      return { ...s, difficulty: action.difficulty };
    case 'setXpReward':
      return Number.isInteger(action.xpReward) && action.xpReward >= 1 && action.xpReward <= 1000
        ? { ...s, xpReward: action.xpReward }
        : s;
    case 'setDuePreset':
      return {
        ...s,
        dueDate: duePresetDate(action.preset, action.now, action.timeZone).toISOString(),
      };
    case 'setCustomDueDate':
      // A custom due date is set to the end of that day.
      return { ...s, dueDate: endOfLocalDay(action.date, action.timeZone).toISOString() };
    case 'clearDueDate':
      return { ...s, dueDate: null };
    case 'setScheduledTime': {
      if (!canPickScheduledTime(s)) return s;
      if (!Number.isInteger(action.hour) || action.hour < 0 || action.hour > 23) return s;
      if (!Number.isInteger(action.minute) || action.minute < 0 || action.minute > 59) return s;
      const today = localDate(action.now, action.timeZone);
      const at = zonedTimeToInstant(
        today,
        { hour: action.hour, minute: action.minute },
        action.timeZone,
      );
      return { ...s, scheduledTime: at.toISOString() };
    }
    case 'clearScheduledTime':
      return { ...s, scheduledTime: null };
    case 'reset':
      return initialQuestWizardState();
  }
}

export type WizardSubmission =
  | { kind: 'quest'; body: CreateQuestRequestInput }
  | { kind: 'series'; body: CreateSeriesRequestInput };

/**
 * What the create step sends: a recurring series for daily or weekly (POST /api/quests/recurring),
 * otherwise a one-time quest (POST /api/quests). Parse `body` with the matching request schema.
 */
/** Daily, weekly or monthly: the wizard makes a series. */
function isSeriesChoice(
  state: QuestWizardState,
): state is QuestWizardState & { recurrence: 'daily' | 'weekly' | 'monthly' } {
  return (
    state.recurrence === 'daily' || state.recurrence === 'weekly' || state.recurrence === 'monthly'
  );
}

export function wizardSubmission(state: QuestWizardState): WizardSubmission {
  const common = {
    title: state.title,
    description: state.description,
    difficulty: state.difficulty,
    xpReward: state.xpReward,
    category: state.category,
    timeOfDay: state.timeOfDay ?? 'anytime',
    growthPath: state.growthPath,
    tags: state.tags,
  };
  if (isSeriesChoice(state)) {
    return {
      kind: 'series',
      body: {
        ...common,
        recurrenceType: state.recurrence,
        recurrenceInterval: state.recurrenceInterval,
        weeklyPattern: state.recurrence === 'weekly' ? state.weeklyDays : null,
        ...(state.recurrence === 'monthly' ? { monthlyBy: state.monthlyBy } : {}),
        ...(state.measure ? { measure: measureOfDraft(state.measure) } : {}),
      },
    };
  }
  return {
    kind: 'quest',
    body: {
      ...common,
      isRecurring: false,
      dueDate: state.dueDate,
      scheduledTime: canPickScheduledTime(state) ? state.scheduledTime : null,
    },
  };
}
