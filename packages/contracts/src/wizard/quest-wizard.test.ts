import { describe, expect, it } from 'vitest';
import { createQuestRequestSchema } from '../quests/quest.ts';
import { createSeriesRequestSchema } from '../quests/series.ts';
import { xpForIntent } from './intent.ts';
import {
  type QuestWizardAction,
  type QuestWizardState,
  WIZARD_STEP_TITLES,
  canPickScheduledTime,
  deriveCategory,
  duePresetDate,
  initialQuestWizardState,
  isRecurringChoice,
  measureDraftError,
  measureOfDraft,
  questWizardReducer,
  wizardCanContinue,
  wizardSubmission,
} from './quest-wizard.ts';

const run = (actions: QuestWizardAction[], from: QuestWizardState = initialQuestWizardState()) =>
  actions.reduce(questWizardReducer, from);
const template = {
  id: 't1',
  title: 'Box breathing',
  description: 'Breathe in four, hold four, out four.',
  difficulty: 'easy' as const,
  xpReward: 15,
  category: 'self_care' as const,
};

describe('quest wizard: steps by intent and recurrence', () => {
  it.each([
    ['not_sure', 'emotion'],
    ['simple_task', 'create'],
    ['build_routine', 'recurrence'],
    ['learn_practice', 'recurrence'],
    ['stress_relief', 'recurrence'],
  ] as const)('when the intent is %s, then the next step is %s', (intent, step) => {
    expect(run([{ type: 'chooseIntent', intent }]).step).toBe(step);
  });

  it('when the intent is simple_task, then it is one-time, chores_errands, easy 20 XP', () => {
    const s = run([{ type: 'chooseIntent', intent: 'simple_task' }]);
    expect(s).toMatchObject({
      recurrence: 'one_time',
      category: 'chores_errands',
      difficulty: 'easy',
      xpReward: 20,
    });
  });

  it.each([
    ['build_routine', 'easy', 25],
    ['learn_practice', 'medium', 50],
    ['stress_relief', 'easy', 15],
    ['simple_task', 'easy', 20],
    ['not_sure', 'easy', 20],
    ['something_else', 'easy', 20],
  ] as const)(
    'when the intent is %s, then the default is %s %i XP',
    (intent, difficulty, xpReward) => {
      expect(xpForIntent(intent)).toEqual({ difficulty, xpReward });
    },
  );

  it.each([
    ['daily', 'time_of_day'],
    ['weekly', 'weekly_days'],
    ['one_time', 'time_of_day'],
  ] as const)('when the recurrence is %s, then the next step is %s', (recurrence, step) => {
    expect(
      run([
        { type: 'chooseIntent', intent: 'build_routine' },
        { type: 'chooseRecurrence', recurrence },
      ]).step,
    ).toBe(step);
  });

  it('when the full routine path is walked, then time of day leads to the path and the path to create with a derived category', () => {
    const s = run([
      { type: 'chooseIntent', intent: 'build_routine' },
      { type: 'chooseRecurrence', recurrence: 'daily' },
      { type: 'chooseTimeOfDay', timeOfDay: 'morning' },
    ]);
    expect(s.step).toBe('quest_path');
    const done = questWizardReducer(s, { type: 'choosePath', growthPath: 'inner_growth' });
    expect(done).toMatchObject({
      step: 'create',
      category: 'morning_routine',
      timeOfDay: 'morning',
      growthPath: 'inner_growth',
    });
    expect(WIZARD_STEP_TITLES[done.step]).toBe("Let's create your quest!");
  });

  it('when not sure, then emotion leads to templates and a template fills the quest and leads to create', () => {
    const s = run([
      { type: 'chooseIntent', intent: 'not_sure' },
      { type: 'chooseEmotion', emotion: 'stressed' },
    ]);
    expect(s.step).toBe('templates');
    const c = questWizardReducer(s, { type: 'chooseTemplate', template });
    expect(c).toMatchObject({
      step: 'create',
      title: template.title,
      description: template.description,
      xpReward: 15,
      category: 'self_care',
      template,
    });
  });

  it('when an action does not belong to the current step, then nothing changes', () => {
    const s = initialQuestWizardState();
    expect(questWizardReducer(s, { type: 'chooseRecurrence', recurrence: 'daily' })).toBe(s);
    expect(questWizardReducer(s, { type: 'choosePath', growthPath: 'inner_growth' })).toBe(s);
  });
});

describe('quest wizard: weekly days are required', () => {
  const atDays = () =>
    run([
      { type: 'chooseIntent', intent: 'build_routine' },
      { type: 'chooseRecurrence', recurrence: 'weekly' },
    ]);

  it('when no day is chosen, then Continue is disabled and confirming shows the toast and stays', () => {
    const s = atDays();
    expect(wizardCanContinue(s)).toBe(false);
    const after = questWizardReducer(s, { type: 'confirmWeeklyDays' });
    expect(after.step).toBe('weekly_days');
    expect(after.notice).toEqual({
      title: 'Select at least one day',
      description: "Please choose which days you'd like this quest to repeat on.",
    });
  });

  it('when days are toggled, then they are kept sorted, a second toggle removes one, and confirming goes on', () => {
    const s = run(
      [
        { type: 'toggleWeekday', day: 5 },
        { type: 'toggleWeekday', day: 1 },
        { type: 'toggleWeekday', day: 3 },
        { type: 'toggleWeekday', day: 5 },
        { type: 'toggleWeekday', day: 9 },
      ],
      atDays(),
    );
    expect(s.weeklyDays).toEqual([1, 3]);
    expect(wizardCanContinue(s)).toBe(true);
    const next = questWizardReducer(s, { type: 'confirmWeeklyDays' });
    expect(next.step).toBe('time_of_day');
    expect(next.notice).toBeNull();
  });

  it('when the toast was shown, then the next action clears it', () => {
    const s = run([{ type: 'confirmWeeklyDays' }, { type: 'toggleWeekday', day: 0 }], atDays());
    expect(s.notice).toBeNull();
  });
});

describe('quest wizard: Back follows the path taken', () => {
  it.each([
    [
      'template path',
      [
        { type: 'chooseIntent', intent: 'not_sure' },
        { type: 'chooseEmotion', emotion: 'anxious' },
        { type: 'chooseTemplate', template },
      ],
      ['templates', 'emotion', 'intent', 'intent'],
    ],
    [
      'weekly path',
      [
        { type: 'chooseIntent', intent: 'build_routine' },
        { type: 'chooseRecurrence', recurrence: 'weekly' },
        { type: 'toggleWeekday', day: 2 },
        { type: 'confirmWeeklyDays' },
        { type: 'chooseTimeOfDay', timeOfDay: 'evening' },
        { type: 'choosePath', growthPath: 'environment_growth' },
      ],
      ['quest_path', 'time_of_day', 'weekly_days', 'recurrence', 'intent'],
    ],
    [
      'daily path',
      [
        { type: 'chooseIntent', intent: 'learn_practice' },
        { type: 'chooseRecurrence', recurrence: 'daily' },
        { type: 'chooseTimeOfDay', timeOfDay: 'afternoon' },
        { type: 'choosePath', growthPath: 'inner_growth' },
      ],
      ['quest_path', 'time_of_day', 'recurrence', 'intent'],
    ],
    ['simple task', [{ type: 'chooseIntent', intent: 'simple_task' }], ['intent', 'intent']],
  ] as const)(
    'when on the %s Back is pressed repeatedly from create, then the steps are %o',
    (_label, actions, expected) => {
      let s = run([...actions] as QuestWizardAction[]);
      expect(s.step).toBe('create');
      const seen: string[] = [];
      for (let i = 0; i < expected.length; i += 1) {
        s = questWizardReducer(s, { type: 'back' });
        seen.push(s.step);
      }
      expect(seen).toEqual(expected);
    },
  );

  it('when going back from create to templates, then the template is un-picked; a new intent starts a fresh path', () => {
    const s = run([
      { type: 'chooseIntent', intent: 'simple_task' },
      { type: 'back' },
      { type: 'chooseIntent', intent: 'build_routine' },
    ]);
    expect(s).toMatchObject({
      step: 'recurrence',
      category: null,
      recurrence: null,
      xpReward: 25,
      history: ['intent'],
    });
    const t = run([
      { type: 'chooseIntent', intent: 'not_sure' },
      { type: 'chooseEmotion', emotion: 'vent' },
      { type: 'chooseTemplate', template },
      { type: 'back' },
    ]);
    expect(t).toMatchObject({ step: 'templates', template: null });
  });
});

describe('deriveCategory (time of day x growth path)', () => {
  it.each([
    ['morning', 'inner_growth', 'morning_routine'],
    ['morning', 'physical_growth', 'health_fitness'],
    ['morning', 'environment_growth', 'morning_routine'],
    ['afternoon', 'inner_growth', 'learning'],
    ['afternoon', 'physical_growth', 'health_fitness'],
    ['afternoon', 'environment_growth', 'work_focus'],
    ['evening', 'inner_growth', 'self_care'],
    ['evening', 'physical_growth', 'health_fitness'],
    ['evening', 'environment_growth', 'evening_routine'],
    ['anytime', 'inner_growth', 'self_care'],
    ['anytime', 'physical_growth', 'health_fitness'],
    ['anytime', 'environment_growth', 'chores_errands'],
  ] as const)('when %s and %s, then the category is %s', (timeOfDay, path, category) => {
    expect(deriveCategory(timeOfDay, path)).toBe(category);
  });
});

describe('due-date presets end at 23:59:59.999 local', () => {
  // 23:30 on Saturday 7 March in New York: the night before the spring DST change.
  const now = new Date('2026-03-08T04:30:00.000Z');
  it.each([
    ['today', 'America/New_York', '2026-03-08T04:59:59.999Z'],
    ['tomorrow', 'America/New_York', '2026-03-09T03:59:59.999Z'], // EDT from the 8th
    ['next_week', 'America/New_York', '2026-03-15T03:59:59.999Z'],
    ['today', 'Europe/Berlin', '2026-03-08T22:59:59.999Z'],
    ['tomorrow', 'Europe/Berlin', '2026-03-09T22:59:59.999Z'],
    ['next_week', 'Europe/Berlin', '2026-03-15T22:59:59.999Z'],
    ['today', 'UTC', '2026-03-08T23:59:59.999Z'],
  ] as const)('when %s is picked in %s, then the due date is %s', (preset, zone, iso) => {
    expect(duePresetDate(preset, now, zone).toISOString()).toBe(iso);
    expect(
      questWizardReducer(initialQuestWizardState(), {
        type: 'setDuePreset',
        preset,
        now,
        timeZone: zone,
      }).dueDate,
    ).toBe(iso);
  });

  it('when a custom date is picked, then it ends that day; Clear removes it', () => {
    const s = questWizardReducer(initialQuestWizardState(), {
      type: 'setCustomDueDate',
      date: '2026-10-25',
      timeZone: 'Europe/Berlin',
    });
    expect(s.dueDate).toBe('2026-10-25T22:59:59.999Z');
    expect(questWizardReducer(s, { type: 'clearDueDate' }).dueDate).toBeNull();
  });
});

describe('scheduled time only with a time of day', () => {
  const now = new Date('2026-11-22T09:00:00.000Z');
  const toTime = (timeOfDay: 'morning' | 'anytime') =>
    run([
      { type: 'chooseIntent', intent: 'build_routine' },
      { type: 'chooseRecurrence', recurrence: 'one_time' },
      { type: 'chooseTimeOfDay', timeOfDay },
    ]);

  it('when a time of day was chosen, then a time is set on today in the user zone', () => {
    const s = questWizardReducer(toTime('morning'), {
      type: 'setScheduledTime',
      hour: 8,
      minute: 15,
      now,
      timeZone: 'Europe/Berlin',
    });
    expect(canPickScheduledTime(s)).toBe(true);
    expect(s.scheduledTime).toBe('2026-11-22T07:15:00.000Z');
  });

  it('when the time of day is anytime or not chosen, then no scheduled time can be set', () => {
    const a = toTime('anytime');
    expect(canPickScheduledTime(a)).toBe(false);
    expect(
      questWizardReducer(a, { type: 'setScheduledTime', hour: 8, minute: 0, now, timeZone: 'UTC' })
        .scheduledTime,
    ).toBeNull();
    expect(
      questWizardReducer(initialQuestWizardState(), {
        type: 'setScheduledTime',
        hour: 8,
        minute: 0,
        now,
        timeZone: 'UTC',
      }).scheduledTime,
    ).toBeNull();
  });
});

describe('reset and submission', () => {
  it('when the dialog closes or creation succeeds, then everything resets', () => {
    const s = run([
      { type: 'chooseIntent', intent: 'simple_task' },
      { type: 'setTitle', title: 'Buy milk' },
      { type: 'reset' },
    ]);
    expect(s).toEqual(initialQuestWizardState());
  });

  it('when a weekly routine is finished, then it submits a series the series schema accepts', () => {
    const s = run([
      { type: 'chooseIntent', intent: 'build_routine' },
      { type: 'chooseRecurrence', recurrence: 'weekly' },
      { type: 'toggleWeekday', day: 1 },
      { type: 'toggleWeekday', day: 4 },
      { type: 'confirmWeeklyDays' },
      { type: 'chooseTimeOfDay', timeOfDay: 'evening' },
      { type: 'choosePath', growthPath: 'physical_growth' },
      { type: 'setTitle', title: 'Evening run' },
      { type: 'setDescription', description: 'Run 5 km around the park.' },
    ]);
    expect(wizardCanContinue(s)).toBe(true);
    const sub = wizardSubmission(s);
    expect(sub.kind).toBe('series');
    expect(createSeriesRequestSchema.parse(sub.body)).toMatchObject({
      recurrenceType: 'weekly',
      weeklyPattern: [1, 4],
      category: 'health_fitness',
      timeOfDay: 'evening',
      xpReward: 25,
    });
  });

  it('when a daily routine is measured by an amount, then Create waits for a target and a unit, and the series carries the measure', () => {
    const started = run([
      { type: 'chooseIntent', intent: 'learn_practice' },
      { type: 'chooseRecurrence', recurrence: 'daily' },
      { type: 'chooseTimeOfDay', timeOfDay: 'evening' },
      { type: 'choosePath', growthPath: 'inner_growth' },
      { type: 'setTitle', title: 'Read' },
      { type: 'setDescription', description: 'A few pages before bed.' },
      { type: 'setMeasure', measure: { rule: 'at_least', target: null, unit: '' } },
    ]);
    expect(wizardCanContinue(started)).toBe(false);
    expect(measureDraftError(started.measure!)).toBe('Name what you count, e.g. pages');
    expect(measureDraftError({ rule: 'at_least', target: null, unit: 'pages' })).toBe(
      'The target must be more than 0',
    );
    // At most 0 is a target: none at all.
    expect(measureDraftError({ rule: 'at_most', target: 0, unit: 'cigarettes' })).toBeNull();
    const noUnit = run(
      [{ type: 'setMeasure', measure: { ...started.measure!, target: 20 } }],
      started,
    );
    expect(wizardCanContinue(noUnit)).toBe(false);
    const ready = run(
      [{ type: 'setMeasure', measure: { rule: 'at_least', target: 20, unit: 'pages' } }],
      started,
    );
    expect(wizardCanContinue(ready)).toBe(true);
    expect(createSeriesRequestSchema.parse(wizardSubmission(ready).body).measure).toEqual({
      rule: 'at_least',
      target: 20,
      unit: 'pages',
    });
    const yesNo = run([{ type: 'setMeasure', measure: null }], ready);
    expect(createSeriesRequestSchema.parse(wizardSubmission(yesNo).body).measure).toBeNull();
  });

  it('when a routine counts its target over a week, then the series carries period week, and a day leaves the period out', () => {
    const ready = run([
      { type: 'chooseIntent', intent: 'build_routine' },
      { type: 'chooseRecurrence', recurrence: 'daily' },
      { type: 'chooseTimeOfDay', timeOfDay: 'morning' },
      { type: 'choosePath', growthPath: 'physical_growth' },
      { type: 'setTitle', title: 'Run' },
      { type: 'setDescription', description: 'Around the park, any pace.' },
      {
        type: 'setMeasure',
        measure: { rule: 'at_least', target: 100, unit: 'km', period: 'week' },
      },
    ]);
    expect(wizardCanContinue(ready)).toBe(true);
    expect(createSeriesRequestSchema.parse(wizardSubmission(ready).body).measure).toEqual({
      rule: 'at_least',
      target: 100,
      unit: 'km',
      period: 'week',
    });
    const daily = run(
      [{ type: 'setMeasure', measure: { ...ready.measure!, period: 'day' } }],
      ready,
    );
    expect(createSeriesRequestSchema.parse(wizardSubmission(daily).body).measure).toEqual({
      rule: 'at_least',
      target: 100,
      unit: 'km',
    });
    // A week's target follows the same rules as a day's.
    expect(measureDraftError({ rule: 'at_least', target: 0, unit: 'km', period: 'week' })).toBe(
      'The target must be more than 0',
    );
    expect(
      measureOfDraft({ rule: 'at_most', target: null, unit: 'coffees', period: 'week' }),
    ).toEqual({ rule: 'at_most', target: 0, unit: 'coffees', period: 'week' });
  });

  it('when tags are typed in the wizard, then they are kept one spelling each and sent with a routine and with a quest', () => {
    const routine = run([
      { type: 'chooseIntent', intent: 'build_routine' },
      { type: 'chooseRecurrence', recurrence: 'daily' },
      { type: 'chooseTimeOfDay', timeOfDay: 'morning' },
      { type: 'choosePath', growthPath: 'physical_growth' },
      { type: 'setTitle', title: 'Stretch' },
      { type: 'setDescription', description: 'Ten minutes of stretching.' },
      { type: 'setTags', tags: [' health ', 'Health', 'mornings', ''] },
    ]);
    expect(routine.tags).toEqual(['health', 'mornings']);
    expect(createSeriesRequestSchema.parse(wizardSubmission(routine).body).tags).toEqual([
      'health',
      'mornings',
    ]);
    const task = run([
      { type: 'chooseIntent', intent: 'simple_task' },
      { type: 'setTitle', title: 'Buy milk' },
      { type: 'setDescription', description: 'Two litres, oat if they have it.' },
      { type: 'setTags', tags: ['errands'] },
    ]);
    expect(createQuestRequestSchema.parse(wizardSubmission(task).body).tags).toEqual(['errands']);
    const tooMany = run(
      [{ type: 'setTags', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
      task,
    );
    expect(wizardCanContinue(tooMany)).toBe(false);
  });

  it('when a simple task is finished, then it submits a one-time quest the quest schema accepts', () => {
    const now = new Date('2026-11-22T09:00:00.000Z');
    const s = run([
      { type: 'chooseIntent', intent: 'simple_task' },
      { type: 'setTitle', title: 'Buy milk' },
      { type: 'setDescription', description: 'Two litres, oat if they have it.' },
      { type: 'setDuePreset', preset: 'tomorrow', now, timeZone: 'Europe/Berlin' },
    ]);
    const sub = wizardSubmission(s);
    expect(sub.kind).toBe('quest');
    const parsed = createQuestRequestSchema.parse(sub.body);
    expect(parsed).toMatchObject({
      category: 'chores_errands',
      xpReward: 20,
      isRecurring: false,
      timeOfDay: 'anytime',
    });
    expect(parsed.dueDate?.toISOString()).toBe('2026-11-23T22:59:59.999Z');
  });

  it('when the title is too short on create, then Continue is disabled', () => {
    const s = run([
      { type: 'chooseIntent', intent: 'simple_task' },
      { type: 'setTitle', title: 'ab' },
      { type: 'setDescription', description: '0123456789' },
    ]);
    expect(wizardCanContinue(s)).toBe(false);
  });
});

describe('quest wizard: every N days, weeks or months', () => {
  const toCreate = (recurrence: 'daily' | 'weekly' | 'monthly') => {
    let s = questWizardReducer(initialQuestWizardState(), {
      type: 'chooseIntent',
      intent: 'build_routine',
    });
    s = questWizardReducer(s, { type: 'chooseRecurrence', recurrence });
    if (recurrence === 'weekly') {
      s = questWizardReducer(s, { type: 'toggleWeekday', day: 2 });
      s = questWizardReducer(s, { type: 'confirmWeeklyDays' });
    }
    return s;
  };

  it('when monthly is chosen, then the next step is the time of day and the submission is a monthly series', () => {
    let s = toCreate('monthly');
    expect(s.step).toBe('time_of_day');
    s = questWizardReducer(s, { type: 'setMonthlyBy', monthlyBy: 'weekday' });
    const submission = wizardSubmission({
      ...s,
      title: 'Pay the rent',
      description: 'Transfer it on time',
    });
    expect(submission).toMatchObject({
      kind: 'series',
      body: {
        recurrenceType: 'monthly',
        recurrenceInterval: 1,
        monthlyBy: 'weekday',
        weeklyPattern: null,
      },
    });
  });

  it.each([
    [3, 3],
    [52, 52],
    [0, 1],
    [53, 1],
    [2.5, 1],
  ])('when every %s is asked, then the interval is %s', (asked, kept) => {
    const s = questWizardReducer(toCreate('daily'), {
      type: 'setRecurrenceInterval',
      interval: asked,
    });
    expect(s.recurrenceInterval).toBe(kept);
    expect(wizardSubmission(s)).toMatchObject({ body: { recurrenceInterval: kept } });
  });

  it('when a one-time quest is chosen, then recurrence choices say it is not recurring', () => {
    expect(isRecurringChoice('one_time')).toBe(false);
    expect(isRecurringChoice('monthly')).toBe(true);
    expect(isRecurringChoice(null)).toBe(false);
  });
});
