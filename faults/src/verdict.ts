/**
 * What a scenario's requests and the final reads say about lost or doubled work.
 *
 * Requests on one quest are sequential, so between two acknowledged answers with nothing else in
 * between, the second must continue the first: a toggle flips the state and moves XP by the quest's
 * reward, a complete ends completed and moves XP only if it was not. An answer that was not an
 * acknowledgement (502, 504, no answer) may or may not have changed the quest, so the state is unknown
 * until the next acknowledged answer. A 503 from the gateway's session check was never forwarded.
 * This assumes an unacknowledged request is over upstream by the time the next one arrives: true when
 * the upstream process died, or when it wrote before waiting (the outbox publish on a NATS outage);
 * a frozen service that applies old requests later would need a longer window of unknown state.
 */
import type { Attempt, LoadUser } from './completion-load.ts';

export interface QuestState {
  id: string;
  isCompleted: boolean;
  xpReward: number;
}

export interface Verdict {
  /** Acknowledged answers that did not continue the previous acknowledged state (lost or doubled). */
  discontinuities: string[];
  /** Quests whose final state differs from their last acknowledged answer (an acknowledged write lost). */
  lostAcknowledged: string[];
  /** Toggles answered with xpDelta 0: they lost a race with a request the gateway had given up on. */
  racesLost: number;
}

/** Never forwarded by the gateway, so it changed nothing. */
const notForwarded = (attempt: Attempt) =>
  attempt.status === 503 && attempt.reason === 'IDENTITY_UNAVAILABLE';

export function judgeAttempts(
  users: LoadUser[],
  before: Map<string, boolean>,
  attempts: Attempt[],
  after: Map<string, boolean>,
): Verdict {
  const rewards = new Map(users.flatMap((user) => user.quests.map((q) => [q.id, q.xpReward])));
  const known = new Map<string, boolean | undefined>(before);
  const verdict: Verdict = { discontinuities: [], lostAcknowledged: [], racesLost: 0 };
  for (const attempt of attempts) {
    const previous = known.get(attempt.questId);
    if (!attempt.ack) {
      if (!notForwarded(attempt)) known.set(attempt.questId, undefined);
      continue;
    }
    const { isCompleted, xpDelta } = attempt.ack;
    const reward = rewards.get(attempt.questId) ?? NaN;
    if (attempt.op === 'toggle' && xpDelta === 0) {
      verdict.racesLost += 1;
    } else if (previous !== undefined) {
      const expected = attempt.op === 'toggle' ? !previous : true;
      const expectedDelta =
        attempt.op === 'toggle' ? (expected ? reward : -reward) : previous ? 0 : reward;
      if (isCompleted !== expected || xpDelta !== expectedDelta) {
        verdict.discontinuities.push(
          `quest ${attempt.questId}: ${attempt.op} at ${new Date(attempt.startedAt).toISOString()} ` +
            `answered isCompleted=${isCompleted} xpDelta=${xpDelta} after acknowledged isCompleted=${previous} ` +
            `(expected ${expected}, ${expectedDelta})`,
        );
      }
    }
    known.set(attempt.questId, isCompleted);
  }
  for (const [questId, state] of known) {
    if (state === undefined) continue;
    const final = after.get(questId);
    if (final !== state) {
      verdict.lostAcknowledged.push(
        `quest ${questId}: last acknowledged isCompleted=${state}, GET /api/quests says ${final}`,
      );
    }
  }
  return verdict;
}

/** The XP a user must have: the rewards of their completed quests (only one-time quests are used). */
export function expectedXp(quests: QuestState[]): number {
  return quests.filter((quest) => quest.isCompleted).reduce((sum, q) => sum + q.xpReward, 0);
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
