import { describe, expect, it } from 'vitest';
import type { Attempt, LoadUser } from '../src/completion-load.ts';
import { GatewayClient } from '../src/gateway-client.ts';
import { expectedXp, judgeAttempts } from '../src/verdict.ts';

const user: LoadUser = {
  username: 'u',
  client: new GatewayClient('http://127.0.0.1:1'),
  quests: [{ id: 'q1', xpReward: 50 }],
};

let clock = 0;
function attempt(overrides: Partial<Attempt>): Attempt {
  clock += 1;
  return {
    user: 0,
    questId: 'q1',
    op: 'toggle',
    startedAt: clock,
    ms: 10,
    status: 200,
    ...overrides,
  };
}
const acked = (op: Attempt['op'], isCompleted: boolean, xpDelta: number) =>
  attempt({ op, ack: { isCompleted, xpDelta } });

const start = new Map([['q1', false]]);

describe('the fault suite verdict', () => {
  it('when acknowledged toggles and completes continue each other, then nothing is reported', () => {
    const attempts = [
      acked('toggle', true, 50),
      acked('complete', true, 0),
      acked('toggle', false, -50),
      acked('complete', true, 50),
    ];
    expect(judgeAttempts([user], start, attempts, new Map([['q1', true]]))).toEqual({
      discontinuities: [],
      lostAcknowledged: [],
      racesLost: 0,
    });
  });

  it('when an acknowledged completion is gone from the final read, then it is reported lost', () => {
    const verdict = judgeAttempts([user], start, [acked('toggle', true, 50)], start);
    expect(verdict.lostAcknowledged).toHaveLength(1);
  });

  it('when a toggle answers as if the previous acknowledged one never happened, then it is a discontinuity', () => {
    const attempts = [acked('toggle', true, 50), acked('toggle', true, 50)];
    const verdict = judgeAttempts([user], start, attempts, new Map([['q1', true]]));
    expect(verdict.discontinuities).toHaveLength(1);
  });

  it('when a request got no acknowledgement, then the state is unknown until the next acknowledged answer', () => {
    const attempts = [
      acked('toggle', true, 50),
      attempt({ status: 504, reason: 'UPSTREAM_TIMEOUT' }),
      acked('toggle', true, 50),
    ];
    expect(judgeAttempts([user], start, attempts, new Map([['q1', true]])).discontinuities).toEqual(
      [],
    );
  });

  it('when the gateway refused before forwarding (503 from the session check), then the state is still known', () => {
    const attempts = [
      acked('toggle', true, 50),
      attempt({ status: 503, reason: 'IDENTITY_UNAVAILABLE' }),
      acked('toggle', true, 50),
    ];
    expect(
      judgeAttempts([user], start, attempts, new Map([['q1', true]])).discontinuities,
    ).toHaveLength(1);
  });

  it('when quests are completed, then the expected XP is the sum of their rewards', () => {
    expect(
      expectedXp([
        { id: 'a', isCompleted: true, xpReward: 50 },
        { id: 'b', isCompleted: false, xpReward: 100 },
        { id: 'c', isCompleted: true, xpReward: 10 },
      ]),
    ).toBe(60);
  });
});
