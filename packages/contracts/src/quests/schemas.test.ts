import { describe, expect, it } from 'vitest';
import { dateInputSchema } from '../common/dates.ts';
import { createLifeTaskRequestSchema, lifeTaskListQuerySchema } from './life-task.ts';
import { progressUpdateRequestSchema } from './occurrence.ts';
import { createQuestRequestSchema, emptyRequestSchema, updateQuestRequestSchema } from './quest.ts';
import { createSeriesRequestSchema } from './series.ts';
import { calendarQuerySchema } from './calendar.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

const quest = { title: 'Morning walk', description: 'Walk around the block twice.' };

describe('createQuestRequestSchema', () => {
  it.each([
    [{ title: 'ab' }, ['Quest title must be at least 3 characters']],
    [{ title: '  ab  ' }, ['Quest title must be at least 3 characters']],
    [{ title: 'abc' }, []],
    [{ title: undefined }, ['Quest title must be at least 3 characters']],
    [{ description: '123456789' }, ['Quest description must be at least 10 characters']],
    [{ description: '1234567890' }, []],
    [{ description: undefined }, ['Quest description must be at least 10 characters']],
  ])('when %o is sent, then the messages are %o', (override, expected) => {
    expect(messages(createQuestRequestSchema.safeParse({ ...quest, ...override }))).toEqual(
      expected,
    );
  });

  it('when only title and description are sent, then the defaults are filled in', () => {
    expect(createQuestRequestSchema.parse(quest)).toEqual({
      ...quest,
      difficulty: 'easy',
      xpReward: 20,
      timeEstimate: null,
      dueDate: null,
      scheduledTime: null,
      tags: [],
      isRecurring: false,
      category: null,
      timeOfDay: 'anytime',
      growthPath: null,
      checklist: [],
      completeWhenChecklistDone: false,
    });
  });

  it.each([
    ['easy', 20],
    ['medium', 50],
    ['hard', 100],
  ] as const)('when a %s quest has no xpReward, then it gets %i', (difficulty, xp) => {
    expect(createQuestRequestSchema.parse({ ...quest, difficulty }).xpReward).toBe(xp);
  });

  it.each([
    [0, false],
    [1, true],
    [1000, true],
    [1001, false],
    [2.5, false],
  ])('when xpReward is %s, then accepted: %s', (xpReward, ok) => {
    expect(createQuestRequestSchema.safeParse({ ...quest, xpReward }).success).toBe(ok);
  });
});

describe('dateInputSchema (string or date, null when empty)', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['   ', null],
    ['2026-11-22T22:59:59.999Z', '2026-11-22T22:59:59.999Z'],
    ['2026-11-22T23:59:59.999+01:00', '2026-11-22T22:59:59.999Z'],
    [new Date('2026-11-22T10:00:00.000Z'), '2026-11-22T10:00:00.000Z'],
  ])('when %j is sent, then it becomes %j', (input, iso) => {
    const out = dateInputSchema.parse(input);
    expect(out === null ? null : out.toISOString()).toBe(iso);
  });

  it.each(['2026-11-22', 'tomorrow', '2026-13-40T00:00:00Z', new Date('nope')])(
    'when %j is sent, then it is refused (no zone-less dates)',
    (input) => {
      expect(messages(dateInputSchema.safeParse(input))).toEqual(['Please enter a valid date']);
    },
  );
});

describe('updateQuestRequestSchema (PATCH /api/quests/{id})', () => {
  it('when the scheduling sheet sends a time, then only that field is set', () => {
    expect(updateQuestRequestSchema.parse({ scheduledTime: '2026-11-22T13:00:00.000Z' })).toEqual({
      scheduledTime: new Date('2026-11-22T13:00:00.000Z'),
    });
  });
  it('when null is sent, then the date is cleared; when nothing is sent, then it is refused', () => {
    expect(updateQuestRequestSchema.parse({ dueDate: null })).toEqual({ dueDate: null });
    expect(updateQuestRequestSchema.safeParse({}).success).toBe(false);
  });
});

describe('progressUpdateRequestSchema', () => {
  it.each([
    [{ completionType: 'partial', progressNotes: null }, true],
    [{ completionType: 'completed' }, true],
    [{ completionType: 'done' }, false],
    [{}, false],
  ])('when %o is sent, then accepted: %s', (body, ok) => {
    expect(progressUpdateRequestSchema.safeParse(body).success).toBe(ok);
  });
  it('when notes are omitted, then they are null', () => {
    expect(progressUpdateRequestSchema.parse({ completionType: 'partial' })).toEqual({
      completionType: 'partial',
      progressNotes: null,
    });
  });
});

describe('createSeriesRequestSchema', () => {
  const series = { title: 'Stretch', description: 'Ten minutes of stretching.' };
  it('when weekly has no days, then the toast title is the message', () => {
    expect(
      messages(
        createSeriesRequestSchema.safeParse({
          ...series,
          recurrenceType: 'weekly',
          weeklyPattern: [],
        }),
      ),
    ).toEqual(['Select at least one day']);
    expect(
      messages(createSeriesRequestSchema.safeParse({ ...series, recurrenceType: 'weekly' })),
    ).toEqual(['Select at least one day']);
  });
  it('when daily, then weeklyPattern is null, interval 1, no end date; weekly days are sorted and unique', () => {
    expect(createSeriesRequestSchema.parse({ ...series, weeklyPattern: [1] })).toMatchObject({
      recurrenceType: 'daily',
      recurrenceInterval: 1,
      weeklyPattern: null,
      endDate: null,
      xpReward: 20,
    });
    expect(
      createSeriesRequestSchema.parse({
        ...series,
        recurrenceType: 'weekly',
        weeklyPattern: [5, 0, 5],
      }).weeklyPattern,
    ).toEqual([0, 5]);
  });
  it.each([-1, 7, 1.5])('when a weekday is %s, then it is refused', (day) => {
    expect(
      createSeriesRequestSchema.safeParse({
        ...series,
        recurrenceType: 'weekly',
        weeklyPattern: [day],
      }).success,
    ).toBe(false);
  });
});

describe('createLifeTaskRequestSchema', () => {
  it.each([
    [{ title: 'ab' }, ['Task title must be at least 3 characters']],
    [{ title: 'abc' }, []],
    [{}, ['Task title must be at least 3 characters']],
  ])('when %o is sent, then the messages are %o', (body, expected) => {
    expect(messages(createLifeTaskRequestSchema.safeParse(body))).toEqual(expected);
  });

  it('when only a title is sent, then notes are optional, an empty due date is allowed and the defaults apply', () => {
    expect(
      createLifeTaskRequestSchema.parse({ title: 'Pay rent', notes: '', dueDate: '' }),
    ).toEqual({
      title: 'Pay rent',
      notes: null,
      dueDate: null,
      isRecurring: false,
      recurrenceType: 'weeks',
      recurrenceInterval: 1,
      maintenanceXp: 2,
      category: 'personal',
      priority: 'medium',
      color: 'amber',
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    [undefined, false],
  ])('when includeCompleted is %s, then it reads %s', (v, expected) => {
    expect(
      lifeTaskListQuerySchema.parse(v === undefined ? {} : { includeCompleted: v })
        .includeCompleted,
    ).toBe(expected);
  });
});

describe('calendarQuerySchema', () => {
  it.each([
    ['2026-11', true],
    ['2026-1', false],
    ['2026-13', false],
    ['2026-11-01', false],
  ])('when month is %s, then accepted: %s', (month, ok) => {
    expect(calendarQuerySchema.safeParse({ month }).success).toBe(ok);
  });
});

describe('emptyRequestSchema (actions without a payload)', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ completionType: 'completed' }, false],
    [[], false],
    [null, false],
    ['', false],
  ])('when the body is %o, then accepted is %s', (body, ok) => {
    expect(emptyRequestSchema.safeParse(body).success).toBe(ok);
  });
});
