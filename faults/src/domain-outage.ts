/**
 * One service down takes down only its own domain. Signed-in users toggle quests and read
 * the other domains while one service is killed with SIGKILL and restarted; the requests to the domains
 * still up must succeed, a session revoked during an identity outage must be refused, and afterwards
 * every read model (XP, talent path counts, the achievements feed) must be exact.
 */
import { randomBytes } from 'node:crypto';
import { portOf } from '../../tools/stack/stack.ts';
import { FAULTS_PORT_OFFSET, type FaultStack } from './fault-stack.ts';

export type Domain = 'identity' | 'quests' | 'goals' | 'community';
const PATHS = ['inner_growth', 'physical_growth', 'environment_growth'] as const;
const PASSWORD = 'fault-suite-password';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface OutageQuest {
  id: string;
  title: string;
  xpReward: number;
  path: (typeof PATHS)[number];
}

export interface OutageUser {
  username: string;
  /** The exact cookie header the gateway verified (its cache key). */
  cookie: string;
  quests: OutageQuest[];
}

interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  cookie?: string,
  body?: unknown,
): Promise<Answer & { setCookies: string[] }> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return {
      status: response.status,
      body: parsed,
      ms: performance.now() - started,
      setCookies: response.headers.getSetCookie(),
    };
  } catch {
    return { status: 0, body: null, ms: performance.now() - started, setCookies: [] };
  }
}

const cookieOf = (setCookies: string[]) => setCookies.map((line) => line.split(';')[0]!).join('; ');

/** Signs `username` in once more: a second, independent session (its own cookie). */
export async function signIn(baseUrl: string, username: string): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/api/auth/login', undefined, {
    username,
    password: PASSWORD,
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${username}: ${answer.status}`);
  return cookieOf(answer.setCookies);
}

export async function signUpOutageUsers(
  baseUrl: string,
  users: number,
  questsEach: number,
): Promise<OutageUser[]> {
  const run = randomBytes(3).toString('hex');
  const created: OutageUser[] = [];
  for (let u = 0; u < users; u += 1) {
    const username = `outage_${run}_${u}`;
    const registered = await call(baseUrl, 'POST', '/api/auth/register', undefined, {
      username,
      email: `${username}@example.test`,
      password: PASSWORD,
      displayName: `Outage user ${u}`,
      timeZone: 'Europe/Berlin',
    });
    if (registered.status !== 201) throw new Error(`sign-up of ${username}: ${registered.status}`);
    const cookie = cookieOf(registered.setCookies);
    // The feed check compares titles: these users share them (a new user's titles are hidden).
    const shared = await call(baseUrl, 'PUT', '/api/community/privacy', cookie, {
      shareCompletions: 'on',
    });
    if (shared.status !== 200) throw new Error(`privacy of ${username}: ${shared.status}`);
    const quests: OutageQuest[] = [];
    for (let q = 0; q < questsEach; q += 1) {
      const title = `Outage quest ${u}.${q}`;
      const path = PATHS[(u + q) % PATHS.length]!;
      const answer = await call(baseUrl, 'POST', '/api/quests', cookie, {
        title,
        description: 'Toggled while one service is down',
        difficulty: 'medium',
        growthPath: path,
      });
      const body = answer.body as { id?: string; xpReward?: number };
      if (answer.status !== 201 || !body.id || !body.xpReward)
        throw new Error(`quest of ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
      quests.push({ id: body.id, title, xpReward: body.xpReward, path });
    }
    created.push({ username, cookie, quests });
  }
  return created;
}

interface Request {
  domain: Domain;
  at: number;
  ok: boolean;
  status: number;
}

/** What each user reads in turn, one per domain (the toggles are the quests domain's writes). */
const READS: Array<{ domain: Domain; path: string }> = [
  { domain: 'goals', path: '/api/goals' },
  { domain: 'community', path: '/api/community/feed?limit=50' },
  { domain: 'identity', path: '/api/user/profile' },
  { domain: 'quests', path: '/api/quests' },
  { domain: 'goals', path: '/api/talent-tree/user/progress' },
];

/** Toggles every quest and reads every domain in a bounded loop until stop() is called. */
function startTraffic(baseUrl: string, users: OutageUser[]) {
  const requests: Request[] = [];
  let running = true;
  const record = (domain: Domain, answer: Answer) =>
    requests.push({
      domain,
      at: Date.now(),
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
    });
  const togglers = users.flatMap((user) =>
    user.quests.map(async (quest) => {
      while (running) {
        record(
          'quests',
          await call(baseUrl, 'POST', `/api/quests/${quest.id}/toggle`, user.cookie),
        );
        await sleep(100);
      }
    }),
  );
  const readers = users.map(async (user, index) => {
    for (let n = index; running; n += 1) {
      const read = READS[n % READS.length]!;
      record(read.domain, await call(baseUrl, 'GET', read.path, user.cookie));
      await sleep(50);
    }
  });
  return {
    requests,
    async stop() {
      running = false;
      await Promise.all([...togglers, ...readers]);
    },
  };
}

export interface ReadModels {
  /** Per user: profile XP minus the rewards of their completed quests. */
  xpDifference: number[];
  /** Per user: talent path counts that differ from their completed quests per path. */
  talentMismatches: number;
  /** Feed items that are missing, doubled or left over, over all users. */
  feedMismatches: number;
}

const exact = (models: ReadModels | undefined) =>
  !!models &&
  models.xpDifference.every((d) => d === 0) &&
  models.talentMismatches === 0 &&
  models.feedMismatches === 0;

/** Every user's read models against their quests' state, or undefined while a read fails. */
async function readModels(baseUrl: string, users: OutageUser[]): Promise<ReadModels | undefined> {
  const [feed, tree] = await Promise.all([
    call(baseUrl, 'GET', '/api/community/feed?limit=50', users[0]!.cookie),
    call(baseUrl, 'GET', '/api/talent-tree', users[0]!.cookie),
  ]);
  if (feed.status !== 200 || tree.status !== 200) return undefined;
  const pathOfNode = new Map(
    (tree.body as Array<{ nodeKey: string; path: string }>).map((node) => [
      node.nodeKey,
      node.path,
    ]),
  );
  const feedKeys = (feed.body as Array<{ user: { username: string | null }; questTitle: string }>)
    .map((item) => `${item.user.username}/${item.questTitle}`)
    .sort();
  const expectedFeed: string[] = [];
  const models: ReadModels = { xpDifference: [], talentMismatches: 0, feedMismatches: 0 };
  for (const user of users) {
    const [quests, profile, talents] = await Promise.all([
      call(baseUrl, 'GET', '/api/quests', user.cookie),
      call(baseUrl, 'GET', '/api/user/profile', user.cookie),
      call(baseUrl, 'GET', '/api/talent-tree/user/progress', user.cookie),
    ]);
    if (quests.status !== 200 || profile.status !== 200 || talents.status !== 200) return undefined;
    const completed = new Set(
      (quests.body as Array<{ id: string; isCompleted: boolean }>)
        .filter((quest) => quest.isCompleted)
        .map((quest) => quest.id),
    );
    const mine = user.quests.filter((quest) => completed.has(quest.id));
    const xp = mine.reduce((sum, quest) => sum + quest.xpReward, 0);
    models.xpDifference.push((profile.body as { xp: number }).xp - xp);
    const counts = new Map<string, number>(PATHS.map((path) => [path, 0]));
    for (const quest of mine) counts.set(quest.path, counts.get(quest.path)! + 1);
    const nodes = talents.body as Array<{ nodeKey: string; currentCompletions: number }>;
    for (const node of nodes) {
      const path = pathOfNode.get(node.nodeKey);
      if (!path || node.currentCompletions !== counts.get(path)) models.talentMismatches += 1;
    }
    expectedFeed.push(...mine.map((quest) => `${user.username}/${quest.title}`));
  }
  expectedFeed.sort();
  const remaining = [...feedKeys];
  for (const key of expectedFeed) {
    const at = remaining.indexOf(key);
    if (at === -1) models.feedMismatches += 1;
    else remaining.splice(at, 1);
  }
  models.feedMismatches += remaining.length;
  return models;
}

async function converge(baseUrl: string, users: OutageUser[], limitMs: number) {
  const started = Date.now();
  let last: ReadModels | undefined;
  while (Date.now() - started < limitMs) {
    last = (await readModels(baseUrl, users)) ?? last;
    if (exact(last)) return { models: last, ms: Date.now() - started };
    await sleep(300);
  }
  return { models: last, ms: null };
}

export interface OutageFigures {
  service: string;
  /** From kill -9 to healthy again. */
  outageMs: number;
  /** Requests to the other domains while the service was down, and how many succeeded. */
  othersDuring: number;
  othersOkDuring: number;
  /** Requests to the down domain meanwhile, by status (the gateway's JSON 502/503). */
  ownDuring: Record<string, number>;
  requests: number;
  /** Identity outage only: a session signed out at svc-identity just before the kill, seen at the gateway. */
  revokedBeforeKill?: number;
  /** Identity outage only: a session signed out through the gateway during the outage, during and after. */
  signedOutDuring?: number;
  signedOutAfter?: number;
  /** From the end of the load to every read model exact. */
  convergenceMs: number | null;
  readModels: ReadModels | undefined;
  problems: string[];
}

const DOMAIN_OF: Record<string, Domain> = {
  'svc-identity': 'identity',
  'svc-quests': 'quests',
  'svc-goals': 'goals',
  'svc-community': 'community',
};

/**
 * Traffic for warmUpMs, kill -9 `service`, keep it down downMs, restart it (waits until healthy),
 * traffic for afterMs more, then the read models must converge to exact within convergeLimitMs.
 */
export async function runOutage(
  stack: FaultStack,
  users: OutageUser[],
  service: 'svc-identity' | 'svc-goals' | 'svc-community' | 'svc-quests',
  options = { warmUpMs: 2_000, downMs: 5_000, afterMs: 2_000, convergeLimitMs: 30_000 },
): Promise<OutageFigures> {
  const problems: string[] = [];
  const domain = DOMAIN_OF[service]!;
  const base = stack.baseUrl;
  const initial = await converge(base, users, options.convergeLimitMs);
  if (initial.ms === null) throw new Error(`${service}: read models not exact before the outage`);

  // Two more sessions of the first user, verified by the gateway (cached) before the outage.
  const identityCase = service === 'svc-identity';
  const revokedEarly = identityCase ? await signIn(base, users[0]!.username) : undefined;
  const signedOutLate = identityCase ? await signIn(base, users[0]!.username) : undefined;
  for (const cookie of [revokedEarly, signedOutLate]) {
    if (cookie) await call(base, 'GET', '/api/quests', cookie);
  }

  const traffic = startTraffic(base, users);
  await sleep(options.warmUpMs);
  const figures: Partial<OutageFigures> = {};
  if (revokedEarly) {
    // Signed out at svc-identity itself (as another gateway instance would pass it on), then killed at
    // once: only the identity.session_revoked event can tell this gateway.
    const identityUrl = `http://127.0.0.1:${portOf('svc-identity', FAULTS_PORT_OFFSET)}`;
    const out = await call(identityUrl, 'POST', '/api/logout', revokedEarly);
    if (out.status !== 303) problems.push(`sign-out at svc-identity answered ${out.status}`);
  }
  const downAt = Date.now();
  await stack.kill(service);
  if (revokedEarly) {
    await sleep(1_000);
    const answer = await call(base, 'GET', '/api/quests', revokedEarly);
    figures.revokedBeforeKill = answer.status;
    if (answer.status >= 200 && answer.status < 300)
      problems.push('a session revoked just before the identity outage was served during it');
  }
  if (signedOutLate) {
    const out = await call(base, 'POST', '/api/logout', signedOutLate);
    if (out.status !== 303) problems.push(`sign-out during the outage answered ${out.status}`);
    const answer = await call(base, 'GET', '/api/quests', signedOutLate);
    figures.signedOutDuring = answer.status;
    if (answer.status !== 401)
      problems.push(`a session signed out during the outage answered ${answer.status}, not 401`);
  }
  await sleep(Math.max(0, options.downMs - (Date.now() - downAt)));
  const upAt = Date.now();
  await stack.restart(service);
  const backAt = Date.now();
  await sleep(options.afterMs);
  await traffic.stop();

  if (signedOutLate) {
    // svc-identity is back: the gateway passed the sign-out on, and svc-identity itself refuses it now.
    await sleep(2_500);
    const answer = await call(base, 'GET', '/api/quests', signedOutLate);
    figures.signedOutAfter = answer.status;
    if (answer.status !== 401)
      problems.push(`after the outage the signed-out session answered ${answer.status}, not 401`);
  }

  const during = traffic.requests.filter((r) => r.at >= downAt && r.at <= upAt);
  const others = during.filter((r) => r.domain !== domain);
  const othersOk = others.filter((r) => r.ok).length;
  if (others.length === 0) problems.push('no requests to the other domains during the outage');
  else if (othersOk / others.length < 0.99)
    problems.push(
      `only ${othersOk} of ${others.length} requests to the other domains succeeded during the outage`,
    );
  const own = during.filter((r) => r.domain === domain);
  const ownDuring: Record<string, number> = {};
  for (const r of own) ownDuring[String(r.status)] = (ownDuring[String(r.status)] ?? 0) + 1;

  const converged = await converge(base, users, options.convergeLimitMs);
  if (converged.ms === null)
    problems.push(
      `read models not exact ${options.convergeLimitMs / 1000} s after the load: ${JSON.stringify(converged.models)}`,
    );
  return {
    service,
    outageMs: backAt - downAt,
    othersDuring: others.length,
    othersOkDuring: othersOk,
    ownDuring,
    requests: traffic.requests.length,
    ...figures,
    convergenceMs: converged.ms,
    readModels: converged.models,
    problems,
  };
}

export function outageTable(rows: OutageFigures[]): string {
  const lines = [
    '| service killed (kill -9) | down for | requests | other domains during the outage | its own routes meanwhile | revoked session refused | read models exact after |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const share = row.othersDuring ? (100 * row.othersOkDuring) / row.othersDuring : 0;
    const own =
      Object.entries(row.ownDuring)
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ') || 'none';
    const revoked =
      row.revokedBeforeKill === undefined
        ? '-'
        : `${row.revokedBeforeKill} (revoked before), ${row.signedOutDuring} / ${row.signedOutAfter} (signed out during / after)`;
    const converged =
      row.convergenceMs === null ? 'never' : `${(row.convergenceMs / 1000).toFixed(1)} s`;
    lines.push(
      `| ${row.service} | ${(row.outageMs / 1000).toFixed(1)} s | ${row.requests} | ${row.othersOkDuring} / ${row.othersDuring} ok (${share.toFixed(2)} %) | ${own} | ${revoked} | ${converged} |`,
    );
  }
  return lines.join('\n');
}
