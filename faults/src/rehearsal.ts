/**
 * The multi-instance rehearsal: several gateways behind one client (as behind a load balancer), readers
 * of every domain beside the completion load, the read models built from events (svc-goals' talent path
 * counts, svc-community's feed) checked against the quests' final states, and each process's memory and
 * CPU read from /proc (the figures the Kubernetes requests and limits are set from).
 */
import { readFileSync } from 'node:fs';
import {
  communityFeedResponseSchema,
  questListResponseSchema,
  talentPathOf,
  talentProgressListResponseSchema,
  talentTreeResponseSchema,
  type QuestCategory,
  type QuestDifficulty,
} from '@levelup/contracts';
import { randomBytes } from 'node:crypto';
import type { LoadUser } from './completion-load.ts';
import { GatewayClient, type Answer, type RawRequest } from './gateway-client.ts';
import type { Child } from '../../tools/stack/supervisor.ts';

/** A request that ended without the answer it should have had, with when it was in flight. */
export interface FailedRequest {
  method: string;
  path: string;
  gateway: string;
  startedAt: number;
  endedAt: number;
  status: number;
  reason: string | undefined;
}

/** Shared by every client of a run: what failed, and how often a request was sent again. */
export interface ClientLog {
  failed: FailedRequest[];
  requests: number;
  retried: number;
}

export const newClientLog = (): ClientLog => ({ failed: [], requests: 0, retried: 0 });

/**
 * Statuses that are an answer, not a failure, for a path: a member asking for the feedback counts is
 * refused by svc-feedback itself (403), which still proves an instance of it answered.
 */
function expectedFailure(path: string, status: number): boolean {
  return path.startsWith('/api/feedback/counts') && status === 403;
}

/**
 * Round-robin over the gateways, one cookie jar. A request whose connection was refused never reached
 * a gateway, so it is sent to the next one whatever its method; a read (GET) that got no answer or a
 * 5xx is sent once more to the next gateway. Writes are never sent twice (the first may have landed).
 */
export class SpreadClient extends GatewayClient {
  private turn = 0;
  private readonly gateways: readonly string[];
  private readonly log: ClientLog;

  constructor(gateways: readonly string[], log: ClientLog) {
    super(gateways[0]!);
    this.gateways = gateways;
    this.log = log;
  }

  override async raw(request: RawRequest): Promise<Answer> {
    const startedAt = Date.now();
    const first = this.turn++ % this.gateways.length;
    let gateway = this.gateways[first]!;
    this.log.requests += 1;
    let answer = await super.raw({ ...request, baseUrl: gateway });
    const refused = answer.status === 0 && answer.error === 'ECONNREFUSED';
    const readFailed = request.method === 'GET' && (answer.status === 0 || answer.status >= 500);
    if ((refused || readFailed) && this.gateways.length > 1) {
      this.log.retried += 1;
      gateway = this.gateways[(first + 1) % this.gateways.length]!;
      answer = await super.raw({ ...request, baseUrl: gateway });
    }
    const failed =
      answer.status === 0 ||
      (answer.status >= 400 && !expectedFailure(request.path, answer.status));
    if (failed) {
      const code = (answer.body as { error?: { code?: string } } | null)?.error?.code;
      this.log.failed.push({
        method: request.method,
        path: request.path,
        gateway,
        startedAt,
        endedAt: Date.now(),
        status: answer.status,
        reason: answer.error ?? code,
      });
    }
    return answer;
  }
}

/** Every rehearsal user's password. */
const PASSWORD = 'rehearsal-password';

const DIFFICULTIES: QuestDifficulty[] = ['easy', 'medium', 'hard'];
/** One category per talent path, so every path's count is exercised. */
const CATEGORIES: QuestCategory[] = ['health_fitness', 'learning', 'chores_errands'];

/** Users signed up through the gateways, each with quests in the three talent paths. */
export async function signUpSpreadUsers(
  gateways: readonly string[],
  log: ClientLog,
  users: number,
  questsEach: number,
): Promise<LoadUser[]> {
  const run = randomBytes(3).toString('hex');
  const created: LoadUser[] = [];
  for (let u = 0; u < users; u += 1) {
    const username = `rehearsal_${run}_${u}`;
    const client = new SpreadClient(gateways, log);
    const registered = await client.json('POST', '/api/auth/register', {
      username,
      email: `${username}@example.test`,
      password: PASSWORD,
      displayName: `Rehearsal user ${u}`,
      timeZone: 'Europe/Berlin',
    });
    if (registered.status !== 201) {
      throw new Error(
        `sign-up of ${username}: ${registered.status} ${JSON.stringify(registered.body)}`,
      );
    }
    // The feed check compares titles: these users share them (a new user's titles are hidden).
    const shared = await client.json('PUT', '/api/community/privacy', { shareCompletions: 'on' });
    if (shared.status !== 200) throw new Error(`privacy of ${username}: ${shared.status}`);
    const quests = [];
    for (let q = 0; q < questsEach; q += 1) {
      const answer = await client.json('POST', '/api/quests', {
        title: `Rehearsal quest ${u}.${q}`,
        description: 'Toggled while instances are killed and rolled',
        difficulty: DIFFICULTIES[(u + q) % DIFFICULTIES.length],
        category: CATEGORIES[q % CATEGORIES.length],
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

/** A read of each domain a user's screens make, so every kind of instance is serving while it is killed. */
export const READ_PATHS = [
  '/api/user/profile',
  '/api/quests',
  '/api/goals',
  '/api/talent-tree/user/progress',
  '/api/community/feed?limit=50',
  '/api/feedback/counts',
] as const;

/** One reader per user, cycling through READ_PATHS every pauseMs until stopped. */
export function startReaders(users: LoadUser[], pauseMs: number): { stop(): Promise<number> } {
  let running = true;
  let reads = 0;
  const loops = users.map(async (user, index) => {
    for (let n = index; running; n += 1) {
      await user.client.json('GET', READ_PATHS[n % READ_PATHS.length]!);
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return reads;
    },
  };
}

export interface ReadModelCheck {
  exact: boolean;
  /** What differs, per user (empty when exact). */
  differences: string[];
}

/**
 * The read models other services build from quest events, against the quests' own states: each talent
 * path's completions (svc-goals) equals the user's completed quests in that path, and the feed
 * (svc-community) holds exactly one item per completed quest of the run's users, none for an undone one.
 */
export async function checkReadModels(users: LoadUser[]): Promise<ReadModelCheck | undefined> {
  const reader = users[0]!.client;
  const feedAnswer = await reader.json('GET', '/api/community/feed?limit=50');
  const treeAnswer = await reader.json('GET', '/api/talent-tree');
  const feed = communityFeedResponseSchema.safeParse(feedAnswer.body);
  const tree = talentTreeResponseSchema.safeParse(treeAnswer.body);
  if (!feed.success || !tree.success) return undefined;
  const pathOfNode = new Map(tree.data.map((node) => [node.nodeKey, node.path]));
  const names = new Set(users.map((user) => user.username));
  const feedItems = feed.data
    .filter((item) => item.user.username !== null && names.has(item.user.username))
    .map((item) => `${item.user.username}: ${item.questTitle}`)
    .sort();
  const expectedFeed: string[] = [];
  const differences: string[] = [];
  for (const user of users) {
    const [questsAnswer, progressAnswer] = await Promise.all([
      user.client.json('GET', '/api/quests'),
      user.client.json('GET', '/api/talent-tree/user/progress'),
    ]);
    const quests = questListResponseSchema.safeParse(questsAnswer.body);
    const progress = talentProgressListResponseSchema.safeParse(progressAnswer.body);
    if (!quests.success || !progress.success) return undefined;
    const mine = new Set(user.quests.map((quest) => quest.id));
    const completed = quests.data.filter((quest) => mine.has(quest.id) && quest.isCompleted);
    for (const quest of completed) expectedFeed.push(`${user.username}: ${quest.title}`);
    const perPath = new Map<string, number>();
    for (const quest of completed) {
      const path = talentPathOf(quest);
      if (path) perPath.set(path, (perPath.get(path) ?? 0) + 1);
    }
    for (const node of progress.data) {
      const path = pathOfNode.get(node.nodeKey);
      const expected = path ? (perPath.get(path) ?? 0) : 0;
      if (node.currentCompletions !== expected) {
        differences.push(
          `${user.username} ${node.nodeKey}: ${node.currentCompletions} completions, ${expected} completed quests in ${path}`,
        );
      }
    }
  }
  expectedFeed.sort();
  if (JSON.stringify(feedItems) !== JSON.stringify(expectedFeed)) {
    differences.push(
      `feed ${JSON.stringify(feedItems)} but completed ${JSON.stringify(expectedFeed)}`,
    );
  }
  return { exact: differences.length === 0, differences };
}

/** Polls checkReadModels until exact or limitMs; how long it took (null: never) and the last check. */
export async function awaitExactReadModels(users: LoadUser[], limitMs: number) {
  const started = Date.now();
  let last: ReadModelCheck | undefined;
  while (Date.now() - started < limitMs) {
    last = (await checkReadModels(users)) ?? last;
    if (last?.exact) return { ms: Date.now() - started, last };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { ms: null, last };
}

/** Resident memory (KiB) and CPU time used so far (ms) of a running child, from /proc. */
export function footprint(child: Child): { rssKiB: number; cpuMs: number } | undefined {
  const pid = child.process.pid;
  if (pid === undefined || child.process.exitCode !== null) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rss = /VmRSS:\s+(\d+)/.exec(status);
    // Linux counts CPU time in clock ticks of 1/100 s (USER_HZ).
    return { rssKiB: Number(rss?.[1] ?? NaN), cpuMs: ticks * 10 };
  } catch {
    return undefined;
  }
}

export interface FootprintWindow {
  /** Per process kind (the name without '#n'): the highest RSS seen (MiB) and CPU in millicores. */
  [kind: string]: { rssMiB: number; millicores: number };
}

/**
 * Samples every child at the start and the end of a window: CPU is the time used in between per second
 * of wall time (1000 = one core busy), memory the larger of the two RSS readings; per process kind, the
 * busiest instance.
 */
export async function measureWindow(children: () => Child[], ms: number): Promise<FootprintWindow> {
  const before = new Map(children().map((child) => [child.process.pid, footprint(child)]));
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const seconds = (Date.now() - started) / 1000;
  const window: FootprintWindow = {};
  for (const child of children()) {
    const start = before.get(child.process.pid);
    const end = footprint(child);
    if (!start || !end) continue;
    const kind = child.name.replace(/#\d+$/, '');
    const rssMiB = Math.round(Math.max(start.rssKiB, end.rssKiB) / 1024);
    const millicores = Math.round((end.cpuMs - start.cpuMs) / seconds);
    const known = window[kind];
    window[kind] = {
      rssMiB: Math.max(known?.rssMiB ?? 0, rssMiB),
      millicores: Math.max(known?.millicores ?? 0, millicores),
    };
  }
  return window;
}

/** Paths every instance answers for machines: not requests passed on by a gateway. */
const OPERATOR_ROUTES = new Set(['/health', '/healthz', '/readyz', '/metrics']);

/** How many requests a service instance answered so far, operator paths left out (its /metrics). */
export async function answeredRequests(instanceUrl: string): Promise<number> {
  const text = await (await fetch(`${instanceUrl}/metrics`)).text();
  let answered = 0;
  for (const line of text.split('\n')) {
    const sample = /^levelup_http_request_duration_seconds_count\{(.*)\} (\d+)$/.exec(line);
    const route = sample && /route="([^"]*)"/.exec(sample[1]!)?.[1];
    if (route && !OPERATOR_ROUTES.has(route)) answered += Number(sample[2]);
  }
  return answered;
}

/**
 * Through one gateway alone: signs `username` in and reads every domain `rounds` times, one request at
 * a time; per instance (name to base URL), the requests it answered meanwhile. A gateway that takes a
 * service's instances in turn reaches each of them within as many reads as it knows instances.
 */
export async function requestsPerInstance(
  gateway: string,
  username: string,
  instances: Record<string, string>,
  rounds: number,
): Promise<Record<string, number>> {
  const count = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(instances).map(async ([name, url]) => [name, await answeredRequests(url)]),
      ),
    ) as Record<string, number>;
  const before = await count();
  const client = new GatewayClient(gateway);
  const signedIn = await client.json('POST', '/api/auth/login', { username, password: PASSWORD });
  if (signedIn.status !== 200) throw new Error(`sign-in through ${gateway}: ${signedIn.status}`);
  for (let round = 0; round < rounds; round += 1)
    for (const path of READ_PATHS) await client.json('GET', path);
  const after = await count();
  return Object.fromEntries(
    Object.keys(instances).map((name) => [name, after[name]! - before[name]!]),
  );
}
