import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59 * S, 'just now'],
    [60 * S, '1 minute ago'],
    [2 * M, '2 minutes ago'],
    [59 * M + 59 * S, '59 minutes ago'],
    [60 * M, '1 hour ago'],
    [23 * H + 59 * M, '23 hours ago'],
    [24 * H, '1 day ago'],
    [2 * D, '2 days ago'],
    [-5 * M, 'just now'],
  ])('when the time was %i ms ago, then it reads %s', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });

  it('when there is no time, then it reads Recently', () => {
    expect(relativeTime(null, now)).toBe('Recently');
  });
});
