import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEDULE_HOUR,
  clockLabel,
  emptySectionText,
  hourLabel,
  isSeriesDoneInSection,
  plannerBlockForHour,
  plannerHourBlocks,
  questCountLabel,
  questSection,
  scheduleTimeChoices,
  sectionForHour,
  sectionProgress,
} from './sections.ts';

describe('questSection (Section assignment)', () => {
  it.each([
    ['morning', 'evening_routine', 'morning'],
    ['afternoon', null, 'afternoon'],
    ['evening', 'morning_routine', 'evening'],
    ['anytime', 'morning_routine', 'todos'],
    [null, 'morning_routine', 'morning'],
    [null, 'work_focus', 'afternoon'],
    [null, 'creative_project', 'afternoon'],
    [null, 'learning', 'afternoon'],
    [null, 'social_connection', 'afternoon'],
    [null, 'evening_routine', 'evening'],
    [null, 'self_care', 'evening'],
    [null, 'health_fitness', 'evening'],
    [null, 'other', 'evening'],
    [null, 'chores_errands', 'todos'],
    [null, null, 'todos'],
  ] as const)(
    'when timeOfDay is %s and category %s, then the section is %s',
    (timeOfDay, category, section) => {
      expect(questSection({ timeOfDay, category })).toBe(section);
    },
  );
});

describe('sectionForHour (morning 6-12, afternoon 12-18, evening 18-6)', () => {
  it.each([
    [0, 'evening'],
    [5, 'evening'],
    [6, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ] as const)('when the hour is %i, then the open section is %s', (hour, section) => {
    expect(sectionForHour(hour)).toBe(section);
  });
});

describe('section headers', () => {
  it.each([
    [0, '0 Quests'],
    [1, '1 Quest'],
    [2, '2 Quests'],
  ])('when a section has %i quests, then the header says %s', (n, label) => {
    expect(questCountLabel(n)).toBe(label);
  });

  it.each([
    [0, 0, '0/0 completed', 0],
    [1, 3, '1/3 completed', 33],
    [2, 3, '2/3 completed', 67],
    [3, 3, '3/3 completed', 100],
  ])('when %i of %i are done, then it reads %s and %i percent', (done, total, text, percent) => {
    expect(sectionProgress(done, total)).toEqual({ text, percent });
  });

  it('when a section is empty, then it names the section', () => {
    expect(emptySectionText('todos')).toBe("No quests for To Do's");
    expect(emptySectionText('morning')).toBe('No quests for Morning');
  });
});

describe('isSeriesDoneInSection', () => {
  const o = (isCompleted: boolean, hiddenFromDashboard = false) => ({
    isCompleted,
    hiddenFromDashboard,
  });
  it.each([
    [o(true), null, true],
    [null, o(true), true],
    [o(false), o(false), false],
    [o(true, true), null, false],
    [o(true, true), o(true), true],
    [null, null, false],
  ])(
    'when today is %o and yesterday %o, then done: %s',
    (todaysOccurrence, yesterdaysOccurrence, expected) => {
      expect(isSeriesDoneInSection({ todaysOccurrence, yesterdaysOccurrence })).toBe(expected);
    },
  );
});

describe('planner hour blocks', () => {
  it('when the planner is drawn, then morning is 6-11, afternoon 12-17, evening 18-23', () => {
    expect(plannerHourBlocks()).toEqual([
      { block: 'morning', hours: [6, 7, 8, 9, 10, 11] },
      { block: 'afternoon', hours: [12, 13, 14, 15, 16, 17] },
      { block: 'evening', hours: [18, 19, 20, 21, 22, 23] },
    ]);
    expect(DEFAULT_SCHEDULE_HOUR).toEqual({ morning: 8, afternoon: 14, evening: 18 });
  });

  it.each([
    [5, null],
    [6, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
    [0, null],
  ] as const)('when the hour is %i, then the block is %s', (hour, block) => {
    expect(plannerBlockForHour(hour)).toBe(block);
  });

  it.each([
    [0, '12 AM'],
    [6, '6 AM'],
    [11, '11 AM'],
    [12, '12 PM'],
    [13, '1 PM'],
    [23, '11 PM'],
  ])('when the hour is %i, then the slot reads %s', (hour, label) => {
    expect(hourLabel(hour)).toBe(label);
  });

  it.each([
    [0, 0, '12:00 AM'],
    [9, 5, '9:05 AM'],
    [12, 30, '12:30 PM'],
    [18, 45, '6:45 PM'],
    [23, 59, '11:59 PM'],
  ])('when the time is %i:%i, then a card reads %s', (hour, minute, label) => {
    expect(clockLabel(hour, minute)).toBe(label);
  });
});

describe("scheduleTimeChoices (the quest form's time picker)", () => {
  it.each([
    ['morning', undefined, 24, 6 * 60, 11 * 60 + 45],
    ['afternoon', undefined, 24, 12 * 60, 17 * 60 + 45],
    ['evening', undefined, 24, 18 * 60, 23 * 60 + 45],
    ['evening', 0, 25, 0, 23 * 60 + 45], // a midnight time set earlier stays choosable
    ['morning', 9 * 60 + 7, 25, 6 * 60, 11 * 60 + 45],
    ['morning', 9 * 60 + 15, 24, 6 * 60, 11 * 60 + 45],
  ] as const)(
    'when the time of day is %s and the time set is %s, then %i quarter-hour choices from %i to %i',
    (timeOfDay, current, count, first, last) => {
      const choices = scheduleTimeChoices(timeOfDay, current);
      expect(choices).toHaveLength(count);
      expect(choices[0]).toBe(first);
      expect(choices.at(-1)).toBe(last);
      if (current !== undefined) expect(choices).toContain(current);
    },
  );

  it('when the time of day is anytime, then there is no choice', () => {
    expect(scheduleTimeChoices('anytime')).toEqual([]);
  });
});
