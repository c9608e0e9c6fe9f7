import { describe, expect, it } from 'vitest';
import { API } from '../api.ts';
import { xpSourceOf } from '../identity/achievements.ts';
import {
  CO_FOCUS_BONUS_RULE,
  CO_FOCUS_BONUS_XP,
  ROOM_SEQUENCED_EVENT_TYPES,
  checkInRequestSchema,
  quickMatchRequestSchema,
  roomClockOffsetMs,
  roomStreamEventSchema,
  roomTimerOf,
  roomTimerPhase,
} from './rooms.ts';

const start = new Date('2026-11-25T10:00:00.000Z');
const min = 60_000;

describe('room timer', () => {
  it('keeps the last five minutes of a session as the break', () => {
    const timer = roomTimerOf(start, 30);
    expect(timer).toEqual({
      startsAt: '2026-11-25T10:00:00.000Z',
      breakAt: '2026-11-25T10:25:00.000Z',
      endsAt: '2026-11-25T10:30:00.000Z',
      focusMinutes: 25,
      breakMinutes: 5,
    });
  });

  it('has no break in a session too short for one', () => {
    expect(roomTimerOf(start, 10)).toMatchObject({ focusMinutes: 10, breakMinutes: 0 });
  });

  it('says the phase and the time left in it', () => {
    const timer = roomTimerOf(start, 30);
    const t0 = start.getTime();
    expect(roomTimerPhase(timer, t0 - 1000)).toEqual({ phase: 'upcoming', msLeft: 1000 });
    expect(roomTimerPhase(timer, t0)).toEqual({ phase: 'focus', msLeft: 25 * min });
    expect(roomTimerPhase(timer, t0 + 25 * min)).toEqual({ phase: 'break', msLeft: 5 * min });
    expect(roomTimerPhase(timer, t0 + 30 * min)).toEqual({ phase: 'over', msLeft: 0 });
  });

  it('computes the clock offset from the server time', () => {
    expect(roomClockOffsetMs('2026-11-25T10:00:02.000Z', start.getTime())).toBe(2000);
  });
});

describe('room requests', () => {
  it('needs a check-in line and trims it', () => {
    expect(checkInRequestSchema.safeParse({ line: '  ' }).success).toBe(false);
    expect(checkInRequestSchema.parse({ line: ' taxes ', questId: 'q1' })).toMatchObject({
      line: 'taxes',
      questId: 'q1',
    });
  });

  it('quick match defaults to 25 minutes and accepts only the offered lengths', () => {
    expect(quickMatchRequestSchema.parse(undefined)).toEqual({ focusMinutes: 25 });
    expect(quickMatchRequestSchema.parse({})).toEqual({ focusMinutes: 25 });
    expect(quickMatchRequestSchema.parse({ focusMinutes: 75 })).toEqual({ focusMinutes: 75 });
    expect(quickMatchRequestSchema.safeParse({ focusMinutes: 30 }).success).toBe(false);
  });
});

describe('room stream events', () => {
  it('reads a sequenced event by its type', () => {
    const event = roomStreamEventSchema.parse({
      type: 'presence_left',
      seq: 3,
      at: '2026-11-25T10:00:00.000Z',
      userId: 'u1',
      reason: 'timeout',
    });
    expect(event.type).toBe('presence_left');
    expect(ROOM_SEQUENCED_EVENT_TYPES).toContain(event.type);
  });

  it('refuses an unknown type', () => {
    expect(roomStreamEventSchema.safeParse({ type: 'nope' }).success).toBe(false);
  });
});

describe('co-focus bonus', () => {
  it('names its amount in the rule text and has its own XP source', () => {
    expect(CO_FOCUS_BONUS_RULE).toContain(`+${CO_FOCUS_BONUS_XP} XP`);
    expect(xpSourceOf('community.co_focus.awarded', null)).toBe('co_focus');
  });

  it('the stream operation is marked as a stream and has no JSON answer', () => {
    expect(API.roomEvents).toMatchObject({ stream: 'text/event-stream' });
    expect('response' in API.roomEvents).toBe(false);
  });
});
