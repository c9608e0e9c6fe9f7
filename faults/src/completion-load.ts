/**
 * Completions in flight: a few users signed up through the gateway, each with a few quests, and one
 * worker per quest toggling or completing it in a bounded loop. Requests on one quest are sequential,
 * so each acknowledged answer says what state the quest is in after it (see verdict.ts).
 */
import { randomBytes } from 'node:crypto';
import { toggleQuestResponseSchema, type QuestDifficulty } from '@levelup/contracts';
import { GatewayClient, type Answer } from './gateway-client.ts';

export interface LoadQuest {
  id: string;
  xpReward: number;
}

export interface LoadUser {
  username: string;
  client: GatewayClient;
  quests: LoadQuest[];
}

export type CompletionOp = 'toggle' | 'complete';

export interface Attempt {
  user: number;
  questId: string;
  op: CompletionOp;
  startedAt: number;
  ms: number;
  status: number;
  /** What the gateway answered when it did not acknowledge (error code, or why no answer came). */
  reason?: string;
  /** 2xx with a toggle answer the contract accepts: the quest's state after this request, and its XP. */
  ack?: { isCompleted: boolean; xpDelta: number };
}

const DIFFICULTIES: QuestDifficulty[] = ['easy', 'medium', 'hard'];

export async function signUpUsers(
  baseUrl: string,
  users: number,
  questsEach: number,
): Promise<LoadUser[]> {
  const run = randomBytes(3).toString('hex');
  const created: LoadUser[] = [];
  for (let u = 0; u < users; u += 1) {
    const username = `fault_${run}_${u}`;
    const client = new GatewayClient(baseUrl);
    const registered = await client.json('POST', '/api/auth/register', {
      username,
      email: `${username}@example.test`,
      password: 'fault-suite-password',
      displayName: `Fault user ${u}`,
      timeZone: 'Europe/Berlin',
    });
    if (registered.status !== 201) {
      throw new Error(
        `sign-up of ${username}: ${registered.status} ${JSON.stringify(registered.body)}`,
      );
    }
    const quests: LoadQuest[] = [];
    for (let q = 0; q < questsEach; q += 1) {
      const answer = await client.json('POST', '/api/quests', {
        title: `Fault quest ${u}.${q}`,
        description: 'Toggled while parts of the stack are killed',
        difficulty: DIFFICULTIES[(u + q) % DIFFICULTIES.length],
      });
      const body = answer.body as { id?: string; xpReward?: number };
      if (answer.status !== 201 || !body.id || !body.xpReward) {
        throw new Error(`quest of ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      quests.push({ id: body.id, xpReward: body.xpReward });
    }
    created.push({ username, client, quests });
  }
  return created;
}

function reasonOf(answer: Answer): string | undefined {
  if (answer.error) return answer.error;
  const code = (answer.body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

export async function completionRequest(
  user: LoadUser,
  userIndex: number,
  questId: string,
  op: CompletionOp,
): Promise<Attempt> {
  const startedAt = Date.now();
  const answer = await user.client.json('POST', `/api/quests/${questId}/${op}`);
  const attempt: Attempt = {
    user: userIndex,
    questId,
    op,
    startedAt,
    ms: answer.ms,
    status: answer.status,
  };
  const parsed = toggleQuestResponseSchema.safeParse(answer.body);
  if (answer.status >= 200 && answer.status < 300 && parsed.success && parsed.data.id === questId) {
    attempt.ack = { isCompleted: parsed.data.isCompleted, xpDelta: parsed.data.xpDelta };
  } else {
    attempt.reason = reasonOf(answer) ?? (answer.status < 300 ? 'unexpected answer' : undefined);
  }
  return attempt;
}

export interface LoadRun {
  /** Resolves with every attempt once the loop ended (time or count bound reached). */
  done: Promise<Attempt[]>;
}

/**
 * One worker per quest, all at once (users x quests in flight), for `durationMs` or `maxPerQuest`
 * requests per quest, whichever comes first, pausing `pauseMs` between a worker's requests; and in
 * any case until `until` has settled (the faults injected meanwhile all happen under load, however
 * long a busy machine makes them take). One request in four is a `complete` (idempotent), the rest
 * toggles.
 */
export function startLoad(
  users: LoadUser[],
  options: { durationMs: number; pauseMs: number; maxPerQuest: number; until?: Promise<unknown> },
): LoadRun {
  const endAt = Date.now() + options.durationMs;
  let waiting = options.until !== undefined;
  const done = () => (waiting = false);
  void options.until?.then(done, done);
  const attempts: Attempt[] = [];
  const workers = users.flatMap((user, userIndex) =>
    user.quests.map(async (quest, questIndex) => {
      for (let n = 0; waiting || (n < options.maxPerQuest && Date.now() < endAt); n += 1) {
        const op: CompletionOp = (n + questIndex) % 4 === 3 ? 'complete' : 'toggle';
        attempts.push(await completionRequest(user, userIndex, quest.id, op));
        await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
      }
    }),
  );
  return { done: Promise.all(workers).then(() => attempts) };
}
