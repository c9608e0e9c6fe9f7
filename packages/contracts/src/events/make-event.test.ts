import { describe, expect, it } from 'vitest';
import { eventEnvelopeSchema } from './envelope.ts';
import { questXpEventSchema } from './groups.ts';
import { EVENTS } from './table.ts';
import { makeEvent } from './make-event.ts';

describe('makeEvent', () => {
  const data = {
    userId: 'u1',
    questId: 'q1',
    occurrenceId: null,
    seriesId: null,
    xpDelta: 25,
    difficulty: 'easy' as const,
    category: 'morning_routine' as const,
    growthPath: null,
    localDate: '2026-11-22',
    title: 'Drink water',
    completionType: 'completed' as const,
  };

  it('when a quest completion is made, then it is a valid versioned envelope with that type and time', () => {
    const event = makeEvent('quests.completed', data, {
      requestId: 'r-1',
      now: new Date('2026-11-22T08:00:00.000Z'),
    });
    expect(questXpEventSchema.parse(event)).toEqual(event);
    expect(eventEnvelopeSchema.parse(event).version).toBe(1);
    expect(event).toMatchObject({
      type: 'quests.completed',
      occurredAt: '2026-11-22T08:00:00.000Z',
      requestId: 'r-1',
    });
  });

  it('when two events are made, then their ids differ', () => {
    expect(makeEvent('quests.completed', data).id).not.toBe(makeEvent('quests.completed', data).id);
  });

  it('when no requestId is given, then the envelope has none and the user-registered schema accepts it', () => {
    const event = makeEvent('identity.user_registered', {
      userId: 'u1',
      username: 'ada',
      displayName: 'Ada',
      timeZone: 'UTC',
    });
    expect('requestId' in event).toBe(false);
    expect(EVENTS.userRegistered.schema.safeParse(event).success).toBe(true);
  });

  it('when a quest event carries another type, then the quest schema refuses it', () => {
    const event = { ...makeEvent('quests.completed', data), type: 'quests.deleted' };
    expect(questXpEventSchema.safeParse(event).success).toBe(false);
  });
});
