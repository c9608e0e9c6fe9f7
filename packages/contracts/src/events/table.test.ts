import { describe, expect, it } from 'vitest';
import { STREAMS } from './envelope.ts';
import { makeEvent } from './make-event.ts';
import { EVENTS, eventEntryOf, streamFilterOf, subjectFilterOf } from './table.ts';

describe('the EVENTS table', () => {
  it('when any entry is read, then its type lies in the subjects of its stream and names it once', () => {
    const types = Object.values(EVENTS).map((entry) => entry.type);
    expect(new Set(types).size).toBe(types.length);
    for (const entry of Object.values(EVENTS)) {
      const prefix = STREAMS[entry.stream].subjects[0].replace(/>$/, '');
      expect(entry.type.startsWith(prefix), entry.type).toBe(true);
      expect(eventEntryOf(entry.type)).toBe(entry);
    }
  });

  it("when an event is made from an entry, then the entry's schema accepts it and refuses another type", () => {
    const event = makeEvent(EVENTS.userRenamed.type, {
      userId: 'u1',
      username: 'ada',
      displayName: 'Ada',
    });
    expect(EVENTS.userRenamed.schema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
    expect(EVENTS.userRegistered.schema.safeParse(event).success).toBe(false);
  });

  it('when a type no service publishes is looked up, then there is no entry', () => {
    expect(eventEntryOf('quests.unknown')).toBeUndefined();
  });
});

describe('subjectFilterOf', () => {
  it('when one event is wanted, then the filter is its own subject', () => {
    expect(subjectFilterOf([EVENTS.goalProgressed])).toEqual({
      stream: 'GOALS',
      filterSubject: 'goals.progressed',
    });
  });

  it('when several events are wanted, then the filter is their common prefix and a wildcard', () => {
    expect(subjectFilterOf([EVENTS.coFocusAwarded, EVENTS.coFocusRevoked]).filterSubject).toBe(
      'community.co_focus.>',
    );
    expect(subjectFilterOf([EVENTS.questCompleted, EVENTS.lifeTaskCompleted]).filterSubject).toBe(
      'quests.>',
    );
    expect(subjectFilterOf([EVENTS.sessionReminderScheduled, EVENTS.coFocusAwarded])).toEqual({
      stream: 'COMMUNITY',
      filterSubject: 'community.>',
    });
  });

  it('when events of two streams are asked for together, then it refuses (one consumer reads one stream)', () => {
    expect(() => subjectFilterOf([EVENTS.questCompleted, EVENTS.userRenamed])).toThrow(
      /several streams/,
    );
    expect(() => subjectFilterOf([])).toThrow(/at least one/);
  });

  it("when a stream's whole content is wanted, then its filter is the stream's subject", () => {
    expect(streamFilterOf('QUESTS')).toBe('quests.>');
  });
});
