/**
 * One fault scenario: completions in flight, the fault (kill -9 and restart, or a stop), the load
 * running on past the recovery, then convergence and the checks (XP exact, nothing acknowledged lost, recovery).
 */
import { userProfileSchema, questListResponseSchema } from '@levelup/contracts';
import { completionRequest, startLoad, type Attempt, type LoadUser } from './completion-load.ts';
import type { FaultStack, LogLine } from './fault-stack.ts';
import { countBy, expectedXp, judgeAttempts, type QuestState } from './verdict.ts';

/** The gateway's UPSTREAM_TIMEOUT_MS (gateway/src/config.ts) and what we allow on top of it. */
export const GATEWAY_TIMEOUT_MS = 5_000;
export const LATENCY_MARGIN_MS = 1_500;
const CONVERGENCE_LIMIT_MS = 30_000;
const SETTLE_MS = 1_000;
const WARM_UP_MS = 3_000;
/** The load goes on this long after the fault has ended (the system under load, recovered). */
const TAIL_MS = 3_000;

export interface Scenario {
  name: string;
  /** How long completions are in flight in all (the fault starts after WARM_UP_MS). */
  durationMs: number;
  /** Breaks something and brings it back; resolves when it is up again. */
  inject(stack: FaultStack): Promise<void>;
}

export interface ScenarioFigures {
  scenario: string;
  requests: number;
  acknowledged: number;
  /** Answers that were not acknowledgements, by status (0: no answer) and gateway error code. */
  notAcknowledged: Record<string, number>;
  status500: number;
  maxLatencyMs: number;
  overLimit: number;
  /** From kill (or stop) to the process answering again. */
  outageMs: number;
  /** From the end of the fault to the end of the load (at least TAIL_MS: every fault under load). */
  loadAfterFaultMs: number;
  /** From the end of the load to every user's XP being exact; null when it never was within 30 s. */
  convergenceMs: number | null;
  xpExact: boolean;
  /** Per user, XP on the profile minus the rewards of their completed quests (0 everywhere when exact). */
  xpDifference: number[];
  racesLost: number;
  /** After recovery: one toggle per user acknowledged and its XP seen on the profile. */
  recovered: boolean;
  recoveryMs: number | null;
  /** Warnings and errors the stack logged during the scenario, by process and message. */
  logSummary: Record<string, number>;
  problems: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function questStates(user: LoadUser): Promise<QuestState[] | undefined> {
  const answer = await user.client.json('GET', '/api/quests');
  const parsed = questListResponseSchema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) return undefined;
  const mine = new Set(user.quests.map((quest) => quest.id));
  return parsed.data
    .filter((quest) => mine.has(quest.id))
    .map((quest) => ({ id: quest.id, isCompleted: quest.isCompleted, xpReward: quest.xpReward }));
}

async function profileXp(user: LoadUser): Promise<number | undefined> {
  const answer = await user.client.json('GET', '/api/user/profile');
  const parsed = userProfileSchema.safeParse(answer.body);
  return answer.status === 200 && parsed.success ? parsed.data.xp : undefined;
}

interface Reading {
  states: QuestState[][];
  differences: number[];
}

/** Every user's quests and XP once; undefined while some read fails. */
async function readAll(users: LoadUser[]): Promise<Reading | undefined> {
  const reading: Reading = { states: [], differences: [] };
  for (const user of users) {
    const [states, xp] = await Promise.all([questStates(user), profileXp(user)]);
    if (!states || xp === undefined) return undefined;
    reading.states.push(states);
    reading.differences.push(xp - expectedXp(states));
  }
  return reading;
}

/** Polls until every user's XP is exact (or the time is up); the last reading and when it was exact. */
async function converge(users: LoadUser[], limitMs: number) {
  const started = Date.now();
  let last: Reading | undefined;
  while (Date.now() - started < limitMs) {
    last = (await readAll(users)) ?? last;
    if (last && last.differences.every((d) => d === 0) && last.states.length === users.length) {
      return { reading: last, ms: Date.now() - started };
    }
    await sleep(250);
  }
  return { reading: last, ms: null };
}

function stateMap(states: QuestState[][]): Map<string, boolean> {
  return new Map(states.flat().map((quest) => [quest.id, quest.isCompleted]));
}

/** `svc-quests: outbox publish failed; the poller will retry` -> count, from the services' JSON lines. */
function summariseLogs(lines: LogLine[]): Record<string, number> {
  const notable = lines.flatMap((line) => {
    const json = /^\[[^\]]+\] (\{.*\})$/.exec(line.text);
    if (json) {
      try {
        const entry = JSON.parse(json[1]!) as { level?: string; msg?: string };
        return entry.level === 'warn' || entry.level === 'error'
          ? [`${line.source}: ${entry.level} ${entry.msg}`]
          : [];
      } catch {
        return [];
      }
    }
    return /\b(error|warn|fatal|exception)\b/i.test(line.text)
      ? [`${line.source}: ${line.text.replace(/\d+/g, 'N').slice(0, 140)}`]
      : [];
  });
  return countBy(notable, (text) => text);
}

export async function runScenario(
  stack: FaultStack,
  users: LoadUser[],
  scenario: Scenario,
): Promise<ScenarioFigures> {
  const problems: string[] = [];
  const startedAt = Date.now();
  const initial = await converge(users, CONVERGENCE_LIMIT_MS);
  if (!initial.reading || initial.ms === null) {
    throw new Error(`${scenario.name}: the stack was not converged before the fault`);
  }
  const before = stateMap(initial.reading.states);

  let faultAt = 0;
  const injected = sleep(WARM_UP_MS).then(async () => {
    faultAt = Date.now();
    await scenario.inject(stack);
  });
  const load = startLoad(users, {
    durationMs: scenario.durationMs,
    pauseMs: 100,
    maxPerQuest: Math.ceil(scenario.durationMs / 50),
    // The load outlasts the fault by TAIL_MS however long a busy machine makes the fault take, so
    // every fault happens under load.
    until: injected.then(
      () => sleep(TAIL_MS),
      () => undefined,
    ),
  });
  await injected;
  const faultEndedAt = Date.now();
  const outageMs = faultEndedAt - faultAt;
  const attempts: Attempt[] = await load.done;
  const loadEndedAt = Date.now();

  // A request the gateway gave up on may still be finishing upstream: let it land before reading.
  await sleep(SETTLE_MS);
  const converged = await converge(users, CONVERGENCE_LIMIT_MS);
  const reading = converged.reading;
  let xpDifference = reading?.differences ?? users.map(() => NaN);
  if (converged.ms !== null) {
    // A late second application of some event would show now.
    await sleep(SETTLE_MS);
    const later = await readAll(users);
    if (later && later.differences.some((d) => d !== 0)) {
      problems.push(`XP changed after it was exact: differences ${later.differences.join(', ')}`);
      xpDifference = later.differences;
    }
  } else {
    problems.push(
      `XP not exact ${CONVERGENCE_LIMIT_MS / 1000} s after the load: profile minus completed rewards per user ${xpDifference.join(', ')}`,
    );
  }

  const verdict = judgeAttempts(users, before, attempts, stateMap(reading?.states ?? []));
  problems.push(...verdict.discontinuities, ...verdict.lostAcknowledged);

  // Recovery: without the suite restarting anything else, new completions are acknowledged and their
  // XP reaches the profile (the event path through NATS works again).
  const recoveryStarted = Date.now();
  let recovered = true;
  for (const [index, user] of users.entries()) {
    const quest = user.quests[0]!;
    const probe = await completionRequest(user, index, quest.id, 'toggle');
    if (!probe.ack) {
      recovered = false;
      problems.push(
        `after recovery, a toggle of ${user.username} answered ${probe.status} ${probe.reason ?? ''}`,
      );
    }
  }
  const afterProbe = await converge(users, CONVERGENCE_LIMIT_MS);
  if (afterProbe.ms === null) {
    recovered = false;
    problems.push(
      `after recovery, new completions did not reach the profile within ${CONVERGENCE_LIMIT_MS / 1000} s (differences ${afterProbe.reading?.differences.join(', ')})`,
    );
  }
  for (const child of stack.children) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      recovered = false;
      problems.push(
        `${child.name} is not running (exit ${child.process.exitCode ?? child.process.signalCode})`,
      );
    }
  }

  const limit = GATEWAY_TIMEOUT_MS + LATENCY_MARGIN_MS;
  const slow = attempts.filter((attempt) => attempt.ms > limit);
  if (slow.length > 0) {
    problems.push(
      `${slow.length} requests took longer than ${limit} ms (gateway timeout + margin), longest ${Math.round(Math.max(...slow.map((a) => a.ms)))} ms: ` +
        slow
          .slice(0, 3)
          .map((a) => `${a.op} ${a.status} ${a.reason ?? ''} ${Math.round(a.ms)} ms`)
          .join('; '),
    );
  }

  const notAcknowledged = countBy(
    attempts.filter((attempt) => !attempt.ack),
    (attempt) => `${attempt.status}${attempt.reason ? ` ${attempt.reason}` : ''}`,
  );
  return {
    scenario: scenario.name,
    requests: attempts.length,
    acknowledged: attempts.filter((attempt) => attempt.ack).length,
    notAcknowledged,
    status500: attempts.filter((attempt) => attempt.status === 500).length,
    maxLatencyMs: Math.round(Math.max(0, ...attempts.map((attempt) => attempt.ms))),
    overLimit: slow.length,
    outageMs,
    loadAfterFaultMs: loadEndedAt - faultEndedAt,
    convergenceMs: converged.ms,
    xpExact: converged.ms !== null && !problems.some((p) => p.startsWith('XP changed')),
    xpDifference,
    racesLost: verdict.racesLost,
    recovered,
    recoveryMs: afterProbe.ms === null ? null : Date.now() - recoveryStarted,
    logSummary: summariseLogs(stack.lines(startedAt)),
    problems,
  };
}
