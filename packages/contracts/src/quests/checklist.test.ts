import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_MAX_STEPS,
  CHECKLIST_STEP_MAX_LENGTH,
  checklistInputSchema,
  checklistProgress,
  checklistStepsLabel,
  isChecklistDone,
  tickChecklistStepRequestSchema,
} from './checklist.ts';
import { createQuestRequestSchema, questSchema, updateQuestRequestSchema } from './quest.ts';
import { API } from '../api.ts';
import { updateSeriesRequestSchema } from './editing.ts';
import { occurrenceSchema, occurrenceToggleResponseSchema } from './occurrence.ts';
import { createSeriesRequestSchema, seriesSchema } from './series.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);
const quest = { title: 'Clean the kitchen', description: 'Top to bottom, before guests' };
const steps = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `Step ${i + 1}` }));

describe('checklistInputSchema', () => {
  it.each([
    [steps(CHECKLIST_MAX_STEPS), []],
    [steps(CHECKLIST_MAX_STEPS + 1), ['A quest has at most 30 steps']],
    [[{ text: '  ' }], ['A step cannot be empty']],
    [[{ text: 'x'.repeat(CHECKLIST_STEP_MAX_LENGTH) }], []],
    [[{ text: 'x'.repeat(CHECKLIST_STEP_MAX_LENGTH + 1) }], ['A step is at most 200 characters']],
    [
      [
        { id: 'a', text: 'One' },
        { id: 'a', text: 'Two' },
      ],
      ['Each step id may appear once'],
    ],
    [[{ id: '', text: 'One' }], ['stepId is required']],
  ])('when the list is %o, then the messages are %o', (list, expected) => {
    expect(messages(checklistInputSchema.safeParse(list))).toEqual(expected);
  });

  it('when a step has spaces around it, then it is kept trimmed', () => {
    expect(checklistInputSchema.parse([{ text: '  Wipe the counters ' }])).toEqual([
      { text: 'Wipe the counters' },
    ]);
  });
});

describe('a quest with a checklist in the quest schemas', () => {
  it('when a new quest sends no checklist, then it has none and does not auto-complete', () => {
    expect(createQuestRequestSchema.parse(quest)).toMatchObject({
      checklist: [],
      completeWhenChecklistDone: false,
    });
  });

  it('when an edit sends only the checklist or only the choice, then it is something to update', () => {
    expect(updateQuestRequestSchema.safeParse({ checklist: [] }).success).toBe(true);
    expect(updateQuestRequestSchema.safeParse({ completeWhenChecklistDone: true }).success).toBe(
      true,
    );
    expect(updateQuestRequestSchema.safeParse({ checklist: steps(31) }).success).toBe(false);
  });

  it('when a quest answer has no checklist fields (an older service), then it reads as none', () => {
    const answer = {
      id: 'q1',
      ...quest,
      difficulty: 'easy',
      xpReward: 20,
      timeEstimate: null,
      category: null,
      timeOfDay: 'anytime',
      growthPath: null,
      createdAt: '2026-11-22T07:00:00.000Z',
      dueDate: null,
      scheduledTime: null,
      isRecurring: false,
      isCompleted: false,
      completionType: 'not_completed',
      completedAt: null,
      streak: 0,
      tags: [],
      seriesId: null,
    };
    expect(questSchema.parse(answer)).toMatchObject({
      checklist: [],
      completeWhenChecklistDone: false,
    });
  });
});

describe("a routine's checklist in the series schemas", () => {
  const routine = { ...quest, recurrenceType: 'daily' };

  it('when a new routine sends no checklist, then it has none and does not auto-complete', () => {
    expect(createSeriesRequestSchema.parse(routine)).toMatchObject({
      checklist: [],
      completeWhenChecklistDone: false,
    });
  });

  it.each([
    [steps(CHECKLIST_MAX_STEPS), []],
    [steps(CHECKLIST_MAX_STEPS + 1), ['A quest has at most 30 steps']],
    [[{ text: ' ' }], ['A step cannot be empty']],
    [[{ text: 'x'.repeat(CHECKLIST_STEP_MAX_LENGTH + 1) }], ['A step is at most 200 characters']],
    [
      [
        { id: 'a', text: 'One' },
        { id: 'a', text: 'Two' },
      ],
      ['Each step id may appear once'],
    ],
  ])(
    "when a routine is made or edited with %o, then the messages are the quest's: %o",
    (list, expected) => {
      expect(
        messages(createSeriesRequestSchema.safeParse({ ...routine, checklist: list })),
      ).toEqual(expected);
      expect(messages(updateSeriesRequestSchema.safeParse({ checklist: list }))).toEqual(expected);
    },
  );

  it('when an edit sends only the steps or only the choice, then it is something to update', () => {
    expect(updateSeriesRequestSchema.safeParse({ checklist: [] }).success).toBe(true);
    expect(updateSeriesRequestSchema.safeParse({ completeWhenChecklistDone: true }).success).toBe(
      true,
    );
  });

  it('when a series or an occurrence answer has no checklist fields (an older service), then it reads as none', () => {
    const core = {
      ...quest,
      difficulty: 'easy',
      xpReward: 20,
      timeEstimate: null,
      category: null,
      timeOfDay: 'anytime',
      createdAt: '2026-11-22T07:00:00.000Z',
    };
    const series = seriesSchema.parse({
      ...core,
      id: 's1',
      growthPath: null,
      recurrenceType: 'daily',
      recurrenceInterval: 1,
      weeklyPattern: null,
      monthlyBy: 'day_of_month',
      startDate: '2026-11-22T07:00:00.000Z',
      endDate: null,
      isActive: true,
      todaysOccurrence: null,
      yesterdaysOccurrence: null,
    });
    expect(series).toMatchObject({ checklist: [], completeWhenChecklistDone: false });
    const occurrence = occurrenceSchema.parse({
      ...core,
      id: 'o1',
      seriesId: 's1',
      scheduledFor: '2026-11-22',
      isCompleted: false,
      completionType: 'not_completed',
      progressNotes: null,
      partialXpEarned: 0,
      completedAt: null,
      hiddenFromDashboard: false,
      skipped: false,
    });
    expect(occurrence).toMatchObject({ checklist: [], completeWhenChecklistDone: false });
  });

  it("when a routine's steps are answered, then they carry no ticks: its days do", () => {
    const parsed = seriesSchema.shape.checklist.parse([{ id: 'a', text: 'Stretch', done: true }]);
    expect(parsed).toEqual([{ id: 'a', text: 'Stretch' }]);
  });

  it("when a day's step is ticked, then the call takes the quest's tick body and answers as an occurrence's toggle", () => {
    expect(API.tickOccurrenceChecklistStep).toMatchObject({
      method: 'PUT',
      body: tickChecklistStepRequestSchema,
      response: occurrenceToggleResponseSchema,
    });
    expect(API.tickOccurrenceChecklistStep.params.parse({ id: 'o1', stepId: ' s1 ' })).toEqual({
      id: 'o1',
      stepId: 's1',
    });
  });
});

describe('tickChecklistStepRequestSchema', () => {
  it.each([
    [{ done: true }, true],
    [{ done: false }, true],
    [{}, false],
    [{ done: 'true' }, false],
    [{ done: true, text: 'renamed' }, false],
  ])('when the body is %o, then accepted: %s', (body, ok) => {
    expect(tickChecklistStepRequestSchema.safeParse(body).success).toBe(ok);
  });
});

describe('checklist progress', () => {
  it.each([
    [[], { done: 0, total: 0, percent: 0 }, false],
    [[{ done: true }, { done: false }, { done: false }], { done: 1, total: 3, percent: 33 }, false],
    [[{ done: true }, { done: true }], { done: 2, total: 2, percent: 100 }, true],
  ])('when the steps are %o, then progress is %o and done is %s', (list, progress, done) => {
    expect(checklistProgress(list)).toEqual(progress);
    expect(isChecklistDone(list)).toBe(done);
  });
});

describe('checklist progress in words', () => {
  it.each([
    [0, 1, '0/1 step'],
    [2, 5, '2/5 steps'],
    [3, 3, '3/3 steps'],
  ])('when %i of %i steps are ticked, then it reads %s', (done, total, label) => {
    expect(checklistStepsLabel(done, total)).toBe(label);
  });
});
