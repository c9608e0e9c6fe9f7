import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calendarFeedTokenPattern } from '@levelup/contracts';
import { calendarFeedTokens } from './calendar-feed-token.ts';

describe('calendar feed links that say who issued them', () => {
  const tokens = calendarFeedTokens('deployment-secret-0123456789');

  it('when a link is issued, then it is 64 base64url characters, matches the link pattern and checks out', () => {
    const token = tokens.issue();
    expect(token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(calendarFeedTokenPattern.test(token)).toBe(true);
    expect(tokens.isIssued(token)).toBe(true);
    expect(tokens.issue()).not.toBe(token);
  });

  it('when a link is guessed, changed, from another deployment or from before tags, then it does not check out', () => {
    const token = tokens.issue();
    const changed = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const other of [
      changed,
      randomBytes(48).toString('base64url'),
      randomBytes(32).toString('base64url'),
      calendarFeedTokens('another-deployment-secret').issue(),
      `${token}=`,
      '',
      'not a token',
    ])
      expect(tokens.isIssued(other)).toBe(false);
  });
});
