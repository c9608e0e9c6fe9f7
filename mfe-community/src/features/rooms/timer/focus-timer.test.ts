import { describe, expect, it } from 'vitest';
import { roomTimerOf } from '@levelup/contracts';
import {
  bestOffset,
  clockOffset,
  formatClock,
  phaseAnnouncement,
  readTimer,
} from './focus-timer.ts';

const MINUTE = 60_000;
const start = new Date('2026-11-25T10:00:00Z');
const at = (minutes: number, seconds = 0) => start.getTime() + minutes * MINUTE + seconds * 1000;

describe('readTimer', () => {
  // A 30-minute session: 25 minutes of focus, then the 5-minute break.
  const timer = roomTimerOf(start, 30);
  it.each([
    [-2, 0, 'upcoming', 2 * MINUTE, 32 * MINUTE],
    [0, 0, 'focus', 25 * MINUTE, 30 * MINUTE],
    [24, 59, 'focus', 1000, 5 * MINUTE + 1000],
    [24, 59.5, 'focus', 500, 5 * MINUTE + 500],
    [25, 0, 'break', 5 * MINUTE, 5 * MINUTE],
    [30, 0, 'over', 0, 0],
    [90, 0, 'over', 0, 0],
  ])('at %i min %i s: %s, %i ms left of it, %i of the session', (m, s, phase, left, session) => {
    expect(readTimer(timer, at(m, s))).toEqual({ phase, msLeft: left, sessionMsLeft: session });
  });

  it('two screens whose clocks differ read the same timer once each adds its own offset', () => {
    const serverNow = at(12, 34);
    const fastClock = serverNow + 4_000; // this machine runs 4 s ahead
    const slowClock = serverNow - 9_000; // and this one 9 s behind
    const fastOffset = clockOffset(fastClock - 40, fastClock + 40, serverNow);
    const slowOffset = clockOffset(slowClock - 100, slowClock + 100, serverNow);
    const a = readTimer(timer, fastClock + fastOffset);
    const b = readTimer(timer, slowClock + slowOffset);
    expect(a).toEqual(b);
    expect(formatClock(a.msLeft)).toBe('12:26');
  });
});

describe('clock offset', () => {
  it('takes the server time as read half-way through the round trip', () => {
    expect(clockOffset(1_000, 1_200, 5_100)).toBe(4_000);
    expect(clockOffset(10_000, 10_000, 9_000)).toBe(-1_000);
  });

  it('prefers the estimate of the quickest round trip, and 0 with none', () => {
    expect(
      bestOffset([
        { offsetMs: 900, roundTripMs: 800 },
        { offsetMs: 1_010, roundTripMs: 30 },
        { offsetMs: 1_200, roundTripMs: 300 },
      ]),
    ).toBe(1_010);
    expect(bestOffset([])).toBe(0);
  });
});

describe('formatClock', () => {
  it.each([
    [25 * MINUTE, '25:00'],
    [61_000, '01:01'],
    [200, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [75 * MINUTE, '1:15:00'],
  ])('%i ms reads %s', (ms, text) => expect(formatClock(ms)).toBe(text));
});

describe('phaseAnnouncement', () => {
  const timer = roomTimerOf(start, 55);
  it('names the phase and its whole minutes, not seconds', () => {
    expect(phaseAnnouncement(readTimer(timer, at(0)))).toBe('Focus time: 50 minutes to go.');
    expect(phaseAnnouncement(readTimer(timer, at(0, 10)))).toBe('Focus time: 50 minutes to go.');
    expect(phaseAnnouncement(readTimer(timer, at(50)))).toBe(
      'Break: 5 minutes left. Time to check out and say how it went.',
    );
    expect(phaseAnnouncement(readTimer(timer, at(56)))).toBe('The session is over.');
    expect(phaseAnnouncement(readTimer(timer, at(-1)))).toBe('The session starts in 1 minute.');
  });
});
