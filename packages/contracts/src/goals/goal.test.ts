import { describe, expect, it } from 'vitest';
import {
  addGoalProgressRequestSchema,
  createGoalRequestSchema,
  linkSeriesRequestSchema,
  updateGoalRequestSchema,
} from './goal.ts';

describe('createGoalRequestSchema', () => {
  it('when only a title is sent, then the new-goal defaults apply (personal, 300, monthly, blue, active)', () => {
    expect(createGoalRequestSchema.parse({ title: 'Read 12 books' })).toEqual({
      title: 'Read 12 books',
      theme: 'personal',
      targetXp: 300,
      cadence: 'monthly',
      color: 'blue',
      status: 'active',
    });
  });

  it.each([
    [{ title: '' }, false],
    [{ title: 'x', targetXp: '450' }, true], // the form parses target XP as an integer
    [{ title: 'x', targetXp: 0 }, false],
    [{ title: 'x', targetXp: 1 }, true],
    [{ title: 'x', targetXp: 2.5 }, false],
    [{ title: 'x', theme: 'wellness' }, false],
    [{ title: 'x', cadence: 'weekly' }, true],
  ])('when %o is sent, then accepted: %s', (body, ok) => {
    expect(createGoalRequestSchema.safeParse(body).success).toBe(ok);
  });
});

describe('updateGoalRequestSchema: either {status} or the form fields', () => {
  it.each([
    [{ status: 'paused' }, true],
    [{ title: 'New', targetXp: 500, color: 'teal' }, true],
    [{}, false],
    [{ status: 'sleeping' }, false],
  ])('when %o is sent, then accepted: %s', (body, ok) => {
    expect(updateGoalRequestSchema.safeParse(body).success).toBe(ok);
  });
});

describe('addGoalProgressRequestSchema (Add XP 1..100, default 10)', () => {
  it.each([
    [{}, 10],
    [{ xpGain: 1 }, 1],
    [{ xpGain: 100 }, 100],
  ])('when %o is sent, then xpGain is %i', (body, xp) => {
    expect(addGoalProgressRequestSchema.parse(body).xpGain).toBe(xp);
  });
  it.each([0, 101, 2.5, -1])('when xpGain is %s, then it is refused', (xpGain) => {
    expect(addGoalProgressRequestSchema.safeParse({ xpGain }).success).toBe(false);
  });
});

describe('linkSeriesRequestSchema', () => {
  it.each([
    [{ seriesId: 's1', xpPerOccurrence: 1 }, true],
    [{ seriesId: 's1', xpPerOccurrence: 0 }, false],
    [{ seriesId: '', xpPerOccurrence: 5 }, false],
    [{ xpPerOccurrence: 5 }, false],
  ])('when %o is sent, then accepted: %s', (body, ok) => {
    expect(linkSeriesRequestSchema.safeParse(body).success).toBe(ok);
  });
});
