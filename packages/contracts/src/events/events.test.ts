import { describe, expect, it } from 'vitest';
import { STREAMS, eventEnvelopeSchema } from './envelope.ts';
import {
  goalEventSchema,
  questXpEventSchema,
  questXpEventTypeFor,
  seriesEventSchema,
} from './groups.ts';
import { EVENTS } from './table.ts';
import { makeEvent } from './make-event.ts';

const now = new Date('2026-11-22T08:00:00.000Z');
const questData = {
  userId: 'u1',
  questId: 'o1',
  occurrenceId: 'o1',
  seriesId: 's1',
  xpDelta: -12,
  difficulty: 'medium' as const,
  category: null,
  growthPath: 'inner_growth' as const,
  localDate: '2026-11-21',
  title: 'Journal',
  completionType: 'not_completed' as const,
};
const goalData = {
  userId: 'u1',
  goalId: 'g1',
  title: 'Read',
  theme: 'learning' as const,
  status: 'completed' as const,
  currentXp: 300,
  targetXp: 300,
  completedAt: now.toISOString(),
};

describe('event schemas: each carries an id, a type, a time and a version', () => {
  it.each([
    [
      'quests.completed',
      questXpEventSchema,
      makeEvent(
        'quests.completed',
        { ...questData, xpDelta: 25, completionType: 'completed' },
        { now },
      ),
    ],
    [
      'quests.partial',
      questXpEventSchema,
      makeEvent(
        'quests.partial',
        { ...questData, xpDelta: 12, completionType: 'partial' },
        { now },
      ),
    ],
    ['quests.revoked', questXpEventSchema, makeEvent('quests.revoked', questData, { now })],
    [
      'quests.life_task_completed',
      EVENTS.lifeTaskCompleted.schema,
      makeEvent(
        'quests.life_task_completed',
        {
          userId: 'u1',
          lifeTaskId: 'l1',
          title: 'Pay rent',
          category: 'bills',
          xpEarned: 2,
          localDate: '2026-11-22',
        },
        { now },
      ),
    ],
    [
      'quests.series_created',
      seriesEventSchema,
      makeEvent(
        'quests.series_created',
        {
          userId: 'u1',
          seriesId: 's1',
          title: 'Journal',
          difficulty: 'easy',
          xpReward: 20,
          category: 'self_care',
          growthPath: null,
          recurrenceType: 'weekly',
          weeklyPattern: [1, 3],
          isActive: true,
        },
        { now },
      ),
    ],
    [
      'quests.occurrence_scheduled',
      EVENTS.occurrenceScheduled.schema,
      makeEvent(
        'quests.occurrence_scheduled',
        {
          userId: 'u1',
          seriesId: 's1',
          occurrenceId: 'o1',
          title: 'Journal',
          scheduledFor: '2026-11-23',
          xpReward: 20,
        },
        { now },
      ),
    ],
    [
      'goals.created',
      goalEventSchema,
      makeEvent(
        'goals.created',
        { ...goalData, status: 'active', currentXp: 0, completedAt: null },
        { now },
      ),
    ],
    [
      'goals.changed',
      goalEventSchema,
      makeEvent('goals.changed', { ...goalData, status: 'paused', completedAt: null }, { now }),
    ],
    ['goals.completed', goalEventSchema, makeEvent('goals.completed', goalData, { now })],
    [
      'identity.user_registered',
      EVENTS.userRegistered.schema,
      makeEvent(
        'identity.user_registered',
        { userId: 'u1', username: 'ada', displayName: 'Ada', timeZone: 'Europe/Berlin' },
        { now },
      ),
    ],
    [
      'identity.user_renamed',
      EVENTS.userRenamed.schema,
      makeEvent(
        'identity.user_renamed',
        { userId: 'u1', username: 'ada2', displayName: 'Ada L' },
        { now },
      ),
    ],
    [
      'identity.session_revoked',
      EVENTS.sessionRevoked.schema,
      makeEvent(
        'identity.session_revoked',
        { userId: 'u1', sessionHash: 'a'.repeat(64), reason: 'sign_out' },
        { now },
      ),
    ],
  ] as const)(
    'when a %s event is made, then its schema and the envelope accept it after a JSON round trip',
    (type, schema, event) => {
      const wire = JSON.parse(JSON.stringify(event)) as unknown;
      expect(schema.parse(wire)).toEqual(event);
      expect(eventEnvelopeSchema.parse(wire)).toMatchObject({
        type,
        version: 1,
        occurredAt: now.toISOString(),
      });
      const stream = Object.values(STREAMS).find((s) =>
        s.subjects.some((subject) => type.startsWith(subject.replace('>', ''))),
      );
      expect(stream).toBeDefined();
    },
  );

  it.each([
    ['version 2', { version: 2 }],
    ['a non-uuid id', { id: 'abc' }],
    ['a time without zone', { occurredAt: '2026-11-22T08:00:00' }],
    ['no data', { data: undefined }],
  ])('when an envelope has %s, then it is refused', (_label, patch) => {
    const event = {
      ...makeEvent('identity.user_renamed', { userId: 'u1', username: 'a', displayName: 'A' }),
      ...patch,
    };
    expect(eventEnvelopeSchema.safeParse(event).success).toBe(false);
  });

  it('when a quest event has a local date that is not YYYY-MM-DD, then it is refused', () => {
    const event = makeEvent('quests.completed', {
      ...questData,
      localDate: '2026-11-22T00:00:00Z',
    });
    expect(questXpEventSchema.safeParse(event).success).toBe(false);
  });

  it('when a quest event says whether its item can have a reminder, then the schema keeps it; an event from before the field still parses; a non-boolean is refused', () => {
    const remindable = makeEvent('quests.completed', { ...questData, remindable: true }, { now });
    expect(questXpEventSchema.parse(remindable).data.remindable).toBe(true);
    const old = questXpEventSchema.parse(makeEvent('quests.completed', questData, { now }));
    expect(old.data).not.toHaveProperty('remindable');
    const wrong = { ...remindable, data: { ...remindable.data, remindable: 'yes' } };
    expect(questXpEventSchema.safeParse(wrong).success).toBe(false);
  });

  it('when the streams are listed, then each domain has one with its subject wildcard', () => {
    expect(STREAMS.QUESTS).toEqual({ name: 'QUESTS', subjects: ['quests.>'] });
    expect(Object.keys(STREAMS)).toEqual(['QUESTS', 'IDENTITY', 'GOALS', 'COMMUNITY', 'FEEDBACK']);
  });
});

describe('questXpEventTypeFor', () => {
  it.each([
    ['completed', 'quests.completed'],
    ['partial', 'quests.partial'],
    ['not_completed', 'quests.revoked'],
  ] as const)('when an item moves to %s, then the event is %s', (type, eventType) => {
    expect(questXpEventTypeFor(type)).toBe(eventType);
  });
});
