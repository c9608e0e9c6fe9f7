import { describe, expect, it } from 'vitest';
import { STREAMS } from '../events/envelope.ts';
import { EVENTS } from '../events/table.ts';
import { makeEvent } from '../events/make-event.ts';
import {
  canAddGoalProgress,
  completedAtFor,
  goalChangeEventType,
  linkedOccurrenceXp,
  settleGoalStatus,
} from './progress.ts';

describe('settleGoalStatus (reaching the target completes the goal)', () => {
  it.each([
    ['active', 299, 300, 'active'],
    ['active', 300, 300, 'completed'],
    ['paused', 300, 300, 'completed'],
    ['paused', 10, 300, 'paused'],
    ['completed', 310, 300, 'completed'],
    ['completed', 290, 300, 'active'],
    ['archived', 300, 300, 'archived'],
    ['archived', 0, 300, 'archived'],
  ] as const)(
    'when a %s goal holds %i of %i XP, then it is %s',
    (status, currentXp, targetXp, settled) => {
      expect(settleGoalStatus({ status, currentXp, targetXp })).toBe(settled);
    },
  );
});

describe('completedAtFor', () => {
  const then = new Date('2026-11-01T10:00:00Z');
  const now = new Date('2026-11-22T10:00:00Z');
  it('when a goal completes, then completedAt is now; while it stays completed it keeps the first time; otherwise null', () => {
    expect(completedAtFor('completed', { status: 'active', completedAt: null }, now)).toBe(now);
    expect(completedAtFor('completed', { status: 'completed', completedAt: then }, now)).toBe(then);
    expect(completedAtFor('active', { status: 'completed', completedAt: then }, now)).toBeNull();
  });
});

describe('goalChangeEventType', () => {
  it.each([
    ['active', 'completed', 'goals.completed'],
    ['paused', 'completed', 'goals.completed'],
    ['completed', 'completed', 'goals.changed'],
    ['completed', 'active', 'goals.changed'],
    ['active', 'paused', 'goals.changed'],
  ] as const)('when a goal goes from %s to %s, then it publishes %s', (from, to, type) => {
    expect(goalChangeEventType(from, to)).toBe(type);
  });
});

describe('canAddGoalProgress', () => {
  it.each([
    ['active', true],
    ['paused', true],
    ['completed', false],
    ['archived', false],
  ] as const)('when the goal is %s, then Add XP is allowed: %s', (status, ok) => {
    expect(canAddGoalProgress(status)).toBe(ok);
  });
});

describe('linkedOccurrenceXp', () => {
  const linkedAt = new Date('2026-11-20T08:00:00Z');
  const after = new Date('2026-11-21T08:00:00Z');
  const before = new Date('2026-11-19T08:00:00Z');
  it.each([
    ['completed', after, 30, 30],
    ['partial', after, 30, 15],
    ['partial', after, 25, 12],
    ['not_completed', null, 30, 0],
    ['completed', before, 30, 0],
    ['completed', linkedAt, 30, 30],
  ] as const)(
    'when an occurrence is %s (done at %s) on a link worth %i, then it gives %i XP',
    (completionType, doneAt, xpPerOccurrence, xp) => {
      expect(linkedOccurrenceXp({ completionType, doneAt }, { xpPerOccurrence, linkedAt })).toBe(
        xp,
      );
    },
  );
});

describe('svc-goals events', () => {
  const now = new Date('2026-11-22T08:00:00.000Z');
  it('when goals.progressed and goals.talent_unlocked are made, then their schemas accept them after a JSON round trip', () => {
    const progressed = makeEvent(
      'goals.progressed',
      {
        userId: 'u1',
        goalId: 'g1',
        deltaXp: -30,
        source: 'quest',
        sourceId: 'o1',
        isCompletion: false,
        goalTitle: 'Run',
        goalCurrentXp: 0,
        goalTargetXp: 300,
      },
      { now },
    );
    expect(EVENTS.goalProgressed.schema.parse(JSON.parse(JSON.stringify(progressed)))).toEqual(
      progressed,
    );
    const unlocked = makeEvent(
      'goals.talent_unlocked',
      {
        userId: 'u1',
        nodeKey: 'inner_mindful_start',
        title: 'Mindful Start',
        path: 'inner_growth',
        tier: 1,
        isKeystone: false,
        unlockMessage: 'Well done',
      },
      { now },
    );
    expect(EVENTS.talentUnlocked.schema.parse(JSON.parse(JSON.stringify(unlocked)))).toEqual(
      unlocked,
    );
    expect(STREAMS.GOALS.subjects[0]).toBe('goals.>');
  });
});
