/**
 * Load through the gateway next to a bare Node `http` hello server measured in the same run: 500 users
 * (each with two quests and a daily series linked to a goal), 50 connections for 10 s each on
 * GET /api/quests and on the toggles (closed loop: the capacity), the CPU each request costs summed over
 * every process of the stack, then a run at 70% of the measured toggle capacity at a fixed rate, a
 * true open loop (the latency at a load the stack can carry), and after each toggle run how long until every user's XP,
 * linked goal XP, talent path count and feed are exact. Prints tables; asserts nothing (record the
 * figures in bench/README.md).
 *
 *   node bench/load.ts                       # starts its own API-only stack (bench/api-stack.ts, ports +400)
 *   USERS=500 CONNECTIONS=50 SECONDS=10 RATE_SHARE=0.7 node bench/load.ts
 *   SCALE=svc-quests=2,svc-identity=2 node bench/load.ts   # several instances (bench/api-stack.ts)
 *   BASE_URL=http://localhost:8080 STACK_PID=<launcher pid> node bench/load.ts   # a running stack
 *     (on a NATS server other stacks share: STACK_NATS_URL=... STACK_STREAM_SUFFIX=_p<port offset>;
 *     its database, for the commands per toggle: STACK_MONGO_URL=mongodb://127.0.0.1:<port>)
 *   ONLY=toggle ...                          # only the toggles (for a profile of one path)
 *
 * Exact: first when no durable consumer of the stack's NATS has an event waiting or unacknowledged
 * (STACK_NATS_URL for a running stack), then every user's read models checked through the API. When
 * that check finds everyone exact at its first pass and no stream took an event in between, the read
 * models were exact when the consumers drained, and that is the time printed; otherwise the time of
 * the check round that found them exact.
 *
 * Database commands per toggle: the embedded server's `top` (per collection, as mongod reports it)
 * before the closed-loop toggles and once the consumers drained, less what the same collections took
 * while idle just before (pollers, timers), divided by the toggles served.
 *
 * CPU: utime + stime from /proc/<pid>/stat of the launcher and every process under it (gateway,
 * services, embedded MongoDB, NATS), before and after each run, divided by the requests served. The
 * load tool's own CPU is not counted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { apiClient, percentile } from './lib.ts';

const connections = Number(process.env.CONNECTIONS ?? 50);
const seconds = Number(process.env.SECONDS ?? 10);
const USERS = Number(process.env.USERS ?? 500);
const RATE_SHARE = Number(process.env.RATE_SHARE ?? 0.7);
/** ONLY=read or ONLY=toggle measures one of the two. */
const only = process.env.ONLY;
const QUESTS_PER_USER = 2;
const XP_PER_OCCURRENCE = 15;
const SETUP_CONCURRENCY = 8;
const CLOCK_TICK_MS = 10; // getconf CLK_TCK = 100 on Linux

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: Record<string, number>;
  cpu?: Map<string, number>;
}

type Request = { method: 'GET' | 'POST'; path: string; headers: Record<string, string> };

// ---- CPU of a process tree ----

function processTable(): Array<{ pid: number; ppid: number; ticks: number; name: string }> {
  const rows = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      let cwd = '';
      try {
        cwd = path.basename(readlinkSync(`/proc/${entry}/cwd`));
      } catch {
        // not ours to read
      }
      rows.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        name: processName(cmdline, cwd),
      });
    } catch {
      // the process ended while we read
    }
  }
  return rows;
}

/** The stack's processes by what they run: a service's workspace is its working directory. */
function processName(cmdline: string, cwd: string): string {
  const known = /(svc-[a-z]+|gateway|mongo-embedded|nats-server|api-stack|scripts\/start)/.exec(
    `${cmdline} ${/^(svc-[a-z]+|gateway)$/.test(cwd) ? cwd : ''}`,
  );
  if (!known) return /mongo/.test(cmdline) ? 'mongo-embedded' : 'other';
  return known[1] === 'api-stack' || known[1] === 'scripts/start' ? 'launcher' : known[1]!;
}

/** CPU milliseconds so far of `root` and everything under it, by process name. */
function treeCpu(root: number | undefined): Map<string, number> {
  const byName = new Map<string, number>();
  if (root === undefined) return byName;
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const row of table) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row.pid]);
  const inTree = new Set<number>([root]);
  for (const pid of inTree) for (const child of children.get(pid) ?? []) inTree.add(child);
  for (const row of table) {
    if (!inTree.has(row.pid)) continue;
    byName.set(row.name, (byName.get(row.name) ?? 0) + row.ticks * CLOCK_TICK_MS);
  }
  return byName;
}

function cpuBetween(before: Map<string, number>, after: Map<string, number>) {
  const spent = new Map<string, number>();
  for (const [name, ms] of after) spent.set(name, ms - (before.get(name) ?? 0));
  return spent;
}

// ---- load ----

async function measure(
  name: string,
  url: string,
  requests: Request[],
  stackPid: number | undefined,
): Promise<Row> {
  console.error(`measuring ${name} ...`);
  const before = treeCpu(stackPid);
  // autocannon starts every connection at the list's first request: in 10 s each connection sends a
  // few dozen, so all of them would toggle the same few users' quests at once. Each connection starts
  // at its own place in the list instead, so the load is spread over every user.
  let started = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: requests.length ? requests : undefined,
    ...(requests.length > 1
      ? {
          setupClient: (client: autocannon.Client) => {
            const at = Math.floor((started++ * requests.length) / connections) % requests.length;
            client.setRequests([...requests.slice(at), ...requests.slice(0, at)]);
          },
        }
      : {}),
  });
  const cpu = cpuBetween(before, treeCpu(stackPid));
  const errors: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2')) errors[status] = (stats as { count: number }).count;
  }
  if (result.errors) errors.socket = result.errors;
  if (result.timeouts) errors.timeout = result.timeouts;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors,
    ...(stackPid === undefined ? {} : { cpu }),
  };
}

/**
 * A true open loop: request i is sent at start + i / rate whatever the answers before it did (on as
 * many keep-alive connections as that takes), and its latency is counted from that planned moment, so
 * a stall shows in the figures instead of delaying the requests behind it. autocannon's rate limit
 * does not do this: each connection sends its share of a second back to back at the start of every
 * second, so the whole second's requests arrive together and the last waits for all the others.
 */
async function measureOpenLoop(
  name: string,
  url: string,
  requests: Request[],
  stackPid: number | undefined,
  rate: number,
): Promise<Row> {
  console.error(`measuring ${name} ...`);
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const send = (request: Request, planned: number) =>
    new Promise<void>((resolve) => {
      const sent = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.path,
          headers: { ...request.headers, 'content-length': '0' },
          agent,
        },
        (answer) => {
          answer.resume();
          answer.on('end', () => {
            latencies.push(performance.now() - planned);
            const status = String(answer.statusCode);
            if (!status.startsWith('2')) errors[status] = (errors[status] ?? 0) + 1;
            resolve();
          });
        },
      );
      sent.on('error', () => {
        errors.socket = (errors.socket ?? 0) + 1;
        resolve();
      });
      sent.end();
    });
  const before = treeCpu(stackPid);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  let next = 0;
  // Spread over the list as the closed loop's connections are (each user's items in turn).
  const stride = Math.max(1, Math.floor(requests.length / connections));
  const requestFor = (i: number) =>
    requests[((i % connections) * stride + Math.floor(i / connections)) % requests.length]!;
  while (next < total) {
    const now = performance.now();
    while (next < total && start + (next * 1000) / rate <= now) {
      inFlight.push(send(requestFor(next), start + (next * 1000) / rate));
      next++;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  const cpu = cpuBetween(before, treeCpu(stackPid));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(percentile(latencies, q * 100));
  return {
    name,
    rps: total / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    requests: total,
    errors,
    ...(stackPid === undefined ? {} : { cpu }),
  };
}

/** The bare hello server runs in a process of its own, as the gateway does. */
async function startHello(): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const s=require('node:http').createServer((q,r)=>{r.setHeader('content-type','text/plain');r.end('hello')});
       s.listen(0,'127.0.0.1',()=>console.log(s.address().port));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}`, stop: () => child.kill() };
}

async function startApiStack(): Promise<{
  url: string;
  natsUrl: string;
  mongoUrl: string;
  pid: number;
  child: ChildProcess;
}> {
  const child = spawn(process.execPath, ['bench/api-stack.ts'], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, LEVELUP_PORT_OFFSET: process.env.LEVELUP_PORT_OFFSET ?? '400' },
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('READY ')) {
      const [url, natsUrl, mongoUrl] = line.slice(6).trim().split(' ');
      return { url: url!, natsUrl: natsUrl!, mongoUrl: mongoUrl!, pid: child.pid!, child };
    }
  }
  throw new Error('bench/api-stack.ts ended before it was ready');
}

// ---- users ----

interface User {
  cookie: string;
  call: ReturnType<typeof apiClient>;
  questIds: string[];
  occurrenceId: string;
  goalId: string;
}

async function setUpUser(base: string, index: number, tag: string): Promise<User> {
  const call = apiClient(base);
  const name = `load_${tag}_${index}`;
  const registered = await call('POST', '/api/auth/register', {
    username: name,
    email: `${name}@example.com`,
    password: 'correct-horse',
    displayName: `Load ${index}`,
    timeZone: 'UTC',
  });
  if (registered.status !== 201)
    throw new Error(`sign-up answered ${registered.status} ${JSON.stringify(registered.body)}`);
  const questIds: string[] = [];
  for (let i = 0; i < QUESTS_PER_USER; i += 1) {
    const created = await call<{ id: string }>('POST', '/api/quests', {
      title: `Load quest ${i}`,
      description: 'A quest toggled under load',
      difficulty: 'easy',
      xpReward: 10 + i,
      category: 'health_fitness',
    });
    if (created.status !== 201) throw new Error(`quest creation answered ${created.status}`);
    questIds.push(created.body.id);
  }
  const series = await call<{ id: string; todaysOccurrence: { id: string } }>(
    'POST',
    '/api/quests/recurring',
    {
      title: 'Daily walk',
      description: 'Around the block',
      difficulty: 'easy',
      recurrenceType: 'daily',
    },
  );
  if (series.status !== 201) throw new Error(`series creation answered ${series.status}`);
  const goal = await call<{ id: string }>('POST', '/api/goals', {
    title: 'Walk more',
    targetXp: 10_000,
  });
  if (goal.status !== 201) throw new Error(`goal creation answered ${goal.status}`);
  // The link waits until svc-goals has the series from svc-quests' event.
  for (let attempt = 0; ; attempt += 1) {
    const link = await call('POST', `/api/goals/${goal.body.id}/series`, {
      seriesId: series.body.id,
      xpPerOccurrence: XP_PER_OCCURRENCE,
    });
    if (link.status === 201) break;
    if (attempt > 100) throw new Error(`series link answered ${link.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    cookie: call.cookie(),
    call,
    questIds,
    occurrenceId: series.body.todaysOccurrence.id,
    goalId: goal.body.id,
  };
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

// ---- exactness ----

type Check = 'xp' | 'goals' | 'talents' | 'feed';
const CHECKS: Check[] = ['xp', 'goals', 'talents', 'feed'];

/** Reads that answered other than 200 while checking exactness: what, its answer, how often. */
const failedReads = new Map<string, number>();

/** Which of the user's read models already equal what svc-quests says the user did. */
async function exactFor(user: User, physicalNodes: Set<string>): Promise<Set<Check>> {
  const { call } = user;
  const [profile, overview, quests, series, goals, progress, exported] = await Promise.all([
    call<{ xp: number }>('GET', '/api/user/profile'),
    call<{ totalXpEarned: number }>('GET', '/api/dashboard/overview'),
    call<Array<{ id: string; isCompleted: boolean }>>('GET', '/api/quests'),
    call<Array<{ todaysOccurrence: { id: string; isCompleted: boolean } | null }>>(
      'GET',
      '/api/quests/recurring',
    ),
    call<Array<{ id: string; currentXp: number }>>('GET', '/api/goals'),
    call<Array<{ nodeKey: string; currentCompletions: number }>>(
      'GET',
      '/api/talent-tree/user/progress',
    ),
    call<{
      feedItems?: Array<{ questId: string; completedAt: string | null; revokedAt: string | null }>;
    }>('GET', '/api/community/export'),
  ]);
  const done = new Set<Check>();
  // A read that failed (an error under load, a sign-in gone) proves nothing: counted, tried next round.
  const reads = { profile, overview, quests, series, goals, progress, exported };
  const failed = Object.entries(reads).filter(([, res]) => res.status !== 200);
  if (failed.length > 0) {
    for (const [name, res] of failed) {
      const key = `${name} ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`;
      failedReads.set(key, (failedReads.get(key) ?? 0) + 1);
    }
    return done;
  }
  if (profile.body.xp === overview.body.totalXpEarned) done.add('xp');
  const completed = quests.body.filter((q) => user.questIds.includes(q.id) && q.isCompleted);
  const occurrenceDone = series.body.some(
    (s) => s.todaysOccurrence?.id === user.occurrenceId && s.todaysOccurrence.isCompleted,
  );
  const goal = goals.body.find((g) => g.id === user.goalId);
  if (goal?.currentXp === (occurrenceDone ? XP_PER_OCCURRENCE : 0)) done.add('goals');
  const pathCount = progress.body.find((p) => physicalNodes.has(p.nodeKey))?.currentCompletions;
  if (pathCount === completed.length) done.add('talents');
  const shown = (exported.body.feedItems ?? [])
    .filter(
      (item) =>
        item.completedAt &&
        (!item.revokedAt || Date.parse(item.completedAt) > Date.parse(item.revokedAt)),
    )
    .map((item) => item.questId)
    .sort();
  const expected = [
    ...completed.map((q) => q.id),
    ...(occurrenceDone ? [user.occurrenceId] : []),
  ].sort();
  if (JSON.stringify(shown) === JSON.stringify(expected)) done.add('feed');
  return done;
}

/** Milliseconds after `since` at which each read model was exact for every user (NaN: not in 120 s). */
async function timeToExact(users: User[], physicalNodes: Set<string>, since: number) {
  const at: Record<Check, number> = { xp: NaN, goals: NaN, talents: NaN, feed: NaN };
  const pending = new Map(CHECKS.map((check) => [check, new Set(users)]));
  let roundMs = 0;
  let rounds = 0;
  while (Date.now() - since < 120_000 && [...pending.values()].some((set) => set.size > 0)) {
    rounds++;
    const started = Date.now();
    const left = [...new Set([...pending.values()].flatMap((set) => [...set]))];
    await inBatches(left, 16, async (user) => {
      const done = await exactFor(user, physicalNodes);
      for (const check of done) pending.get(check)!.delete(user);
    });
    roundMs = Math.max(roundMs, Date.now() - started);
    for (const check of CHECKS) {
      if (Number.isNaN(at[check]) && pending.get(check)!.size === 0) at[check] = Date.now() - since;
    }
  }
  return { at, roundMs, rounds };
}

type Jsm = Awaited<ReturnType<typeof jetstreamManager>>;

/**
 * STACK_STREAM_SUFFIX=_p400 for a running stack on a shared NATS server (its streams are named with its
 * port offset): streams of other stacks and test runs, whose consumers may never drain, are left out.
 */
const STREAM_SUFFIX = process.env.STACK_STREAM_SUFFIX ?? '';

/**
 * The streams' names and each one's last sequence number: unchanged between two reads, nothing was
 * published meanwhile.
 */
async function headsOf(jsm: Jsm): Promise<{ streams: string[]; heads: string }> {
  const streams: string[] = [];
  const heads: string[] = [];
  for await (const stream of jsm.streams.list()) {
    // A NATS server shared with other stacks and test runs: only this stack's streams count.
    if (STREAM_SUFFIX && !stream.config.name.endsWith(STREAM_SUFFIX)) continue;
    streams.push(stream.config.name);
    heads.push(`${stream.config.name}:${stream.state.last_seq}`);
  }
  return { streams, heads: heads.sort().join(',') };
}

async function streamHeads(natsUrl: string | undefined): Promise<string | undefined> {
  if (!natsUrl) return undefined;
  const nc = await connect({ servers: natsUrl });
  try {
    return (await headsOf(await jetstreamManager(nc))).heads;
  } finally {
    await nc.close();
  }
}

/**
 * Milliseconds after `since` until no durable consumer of the stack's NATS has an event waiting or
 * unacknowledged (polled every 50 ms; NaN without the NATS URL or not in 120 s), with each stream's
 * last sequence read just before that poll: unchanged later, nothing was published since.
 */
async function timeToDrained(
  natsUrl: string | undefined,
  since: number,
): Promise<{ ms: number; heads?: string; backlog: string }> {
  if (!natsUrl) return { ms: NaN, backlog: '' };
  const nc = await connect({ servers: natsUrl });
  // Each consumer's events waiting when the load ended and when it had none left: which one lags.
  const atEnd = new Map<string, number>();
  const drainedAt = new Map<string, number>();
  const backlog = () =>
    [...atEnd]
      .filter(([, waiting]) => waiting > 0)
      .sort((a, b) => b[1] - a[1])
      .map(
        ([name, waiting]) =>
          `${name} ${waiting} waiting, none after ${((drainedAt.get(name) ?? NaN) / 1000).toFixed(2)} s`,
      )
      .join('; ');
  try {
    const jsm = await jetstreamManager(nc);
    while (Date.now() - since < 120_000) {
      const { streams, heads } = await headsOf(jsm);
      let waiting = 0;
      for (const stream of streams) {
        for await (const consumer of jsm.consumers.list(stream)) {
          const mine = consumer.num_pending + consumer.num_ack_pending;
          const name = `${consumer.name} (${stream})`;
          if (!atEnd.has(name)) atEnd.set(name, mine);
          if (mine > 0) drainedAt.delete(name);
          else if (!drainedAt.has(name)) drainedAt.set(name, Date.now() - since);
          waiting += mine;
        }
      }
      if (waiting === 0) return { ms: Date.now() - since, heads, backlog: backlog() };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { ms: NaN, backlog: backlog() };
  } finally {
    await nc.close();
  }
}

// ---- database commands ----

type Usage = Map<string, number>;

async function usageOf(client: MongoClient): Promise<Usage> {
  const { totals } = (await client.db('admin').command({ top: 1 })) as {
    totals: Record<string, { total?: { count: number } }>;
  };
  return new Map(
    Object.entries(totals).flatMap(([namespace, usage]) =>
      usage.total ? [[namespace, usage.total.count] as const] : [],
    ),
  );
}

const minus = (after: Usage, before: Usage): Usage =>
  new Map(
    [...after].map(([namespace, count]) => [namespace, count - (before.get(namespace) ?? 0)]),
  );

/**
 * Counts the commands each collection takes from here on: an idle sample first (what pollers and
 * timers cost without load), then `perToggle` subtracts that rate over the measured span and lists the
 * collections by commands per toggle.
 */
async function startCommandCount(mongoUrl: string | undefined) {
  if (!mongoUrl) return undefined;
  const client = await MongoClient.connect(mongoUrl, { maxPoolSize: 1 });
  const IDLE_MS = 3000;
  const idleStart = await usageOf(client);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const start = await usageOf(client);
  const idle = minus(start, idleStart);
  const startedAt = Date.now();
  return {
    async perToggle(toggles: number): Promise<string> {
      const spanMs = Date.now() - startedAt;
      const used = minus(await usageOf(client), start);
      await client.close();
      const rows = [...used]
        .map(([namespace, count]) => {
          const idleShare = ((idle.get(namespace) ?? 0) * spanMs) / IDLE_MS;
          return [namespace, Math.max(0, count - idleShare) / toggles] as const;
        })
        .filter(([, perToggle]) => perToggle >= 0.01)
        .sort((a, b) => b[1] - a[1]);
      const total = rows.reduce((sum, [, perToggle]) => sum + perToggle, 0);
      return [
        `  ${total.toFixed(2)} in all (${toggles} toggles, ${(spanMs / 1000).toFixed(1)} s, idle rate subtracted)`,
        ...rows.map(([namespace, perToggle]) => `  ${perToggle.toFixed(2)}  ${namespace}`),
      ].join('\n');
    },
  };
}

// ---- report ----

function cpuPerRequest(row: Row): string {
  if (!row.cpu || row.requests === 0) return '';
  const total = [...row.cpu.values()].reduce((a, b) => a + b, 0);
  const parts = [...row.cpu.entries()]
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${(ms / row.requests).toFixed(2)}`);
  return `${(total / row.requests).toFixed(2)} ms (${parts.join(', ')})`;
}

function formatExact(result: {
  at: Record<Check, number>;
  roundMs: number;
  rounds: number;
  drainedMs: number;
  quietSinceDrained: boolean;
}): string {
  // Once every consumer has acknowledged every event and no stream takes a new one, no read model
  // changes any more: a check that then finds every user exact at its first pass shows they were
  // exact when the consumers drained (the check's own length does not count).
  if (!Number.isNaN(result.drainedMs) && result.rounds === 1 && result.quietSinceDrained)
    return (
      `every read model (${CHECKS.join(', ')}) exact ${(result.drainedMs / 1000).toFixed(2)} s after the load, ` +
      `when every consumer had drained: the check that followed found every user exact at its first ` +
      `pass (${(result.roundMs / 1000).toFixed(1)} s) and no stream took an event meanwhile`
    );
  const drained = Number.isNaN(result.drainedMs)
    ? ''
    : `every consumer drained ${(result.drainedMs / 1000).toFixed(2)} s after the load; then `;
  return (
    drained +
    CHECKS.map(
      (check) =>
        `${check} ${Number.isNaN(result.at[check]) ? 'NOT in 120 s' : `${(result.at[check] / 1000).toFixed(1)} s`}`,
    ).join(', ') +
    ` (one check of every user took up to ${(result.roundMs / 1000).toFixed(1)} s)`
  );
}

async function main() {
  let base = process.env.BASE_URL;
  let stackPid = process.env.STACK_PID ? Number(process.env.STACK_PID) : undefined;
  let own: ChildProcess | undefined;
  let natsUrl = process.env.STACK_NATS_URL;
  let mongoUrl = process.env.STACK_MONGO_URL;
  if (!base) {
    console.error('starting an API-only stack (bench/api-stack.ts) ...');
    const stack = await startApiStack();
    base = stack.url;
    natsUrl = stack.natsUrl;
    mongoUrl = stack.mongoUrl;
    stackPid = stack.pid;
    own = stack.child;
  }
  try {
    const hello = await startHello();
    const tag = Date.now().toString(36);
    console.error(`signing up ${USERS} users (two quests, a series linked to a goal each) ...`);
    const users = await inBatches(
      Array.from({ length: USERS }, (_, i) => i),
      SETUP_CONCURRENCY,
      (i) => setUpUser(base, i, tag),
    );
    const tree = await users[0]!.call<Array<{ nodeKey: string; path: string }>>(
      'GET',
      '/api/talent-tree',
    );
    const physicalNodes = new Set(
      tree.body.filter((node) => node.path === 'physical_growth').map((node) => node.nodeKey),
    );
    const reads: Request[] = users.map((user) => ({
      method: 'GET',
      path: '/api/quests',
      headers: { cookie: user.cookie },
    }));
    const toggles: Request[] = users.flatMap((user) => [
      ...user.questIds.map((id) => ({
        method: 'POST' as const,
        path: `/api/quests/${id}/toggle`,
        headers: { cookie: user.cookie },
      })),
      {
        method: 'POST' as const,
        path: `/api/quests/occurrences/${user.occurrenceId}/toggle`,
        headers: { cookie: user.cookie },
      },
    ]);

    const rows: Row[] = [];
    rows.push(await measure('bare hello', hello.url, [], undefined));
    hello.stop();
    if (only !== 'toggle') rows.push(await measure('GET /api/quests', base, reads, stackPid));
    type Exact = Awaited<ReturnType<typeof timeToExact>> & {
      drainedMs: number;
      quietSinceDrained: boolean;
      backlog: string;
    };
    /** After a run: `onDrained` runs once the consumers drained, before the read models are checked. */
    const exactAfter = async (ended: number, onDrained?: () => Promise<void>): Promise<Exact> => {
      const drained = await timeToDrained(natsUrl, ended);
      await onDrained?.();
      failedReads.clear();
      const exact = await timeToExact(users, physicalNodes, ended);
      for (const [read, count] of failedReads) console.log(`  read failed ${count}×: ${read}`);
      const quietSinceDrained =
        drained.heads !== undefined && drained.heads === (await streamHeads(natsUrl));
      return { ...exact, drainedMs: drained.ms, quietSinceDrained, backlog: drained.backlog };
    };
    let closedExact: Exact | undefined;
    let openExact: Exact | undefined;
    let commands: string | undefined;
    if (only !== 'read') {
      await timeToDrained(natsUrl, Date.now()); // the setup's events, before the idle sample
      const counting = await startCommandCount(mongoUrl);
      const closed = await measure('POST toggle (closed loop)', base, toggles, stackPid);
      rows.push(closed);
      // The count ends when the consumers drained: the check of the read models reads a lot.
      closedExact = await exactAfter(Date.now(), async () => {
        commands = await counting?.perToggle(closed.requests);
      });
      const rate = Math.max(1, Math.round(closed.rps * RATE_SHARE));
      const open = await measureOpenLoop(
        `POST toggle at ${rate} req/s (${Math.round(RATE_SHARE * 100)}%, open loop)`,
        base,
        toggles,
        stackPid,
        rate,
      );
      rows.push(open);
      openExact = await exactAfter(Date.now());
    }

    const hello0 = rows[0]!.rps;
    console.log(
      `\n${connections} connections, ${seconds} s each, ${USERS} users, ${base}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
    );
    console.log(
      '| measured | throughput | p50 | p99 | requests | errors | CPU per request, all processes |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const [i, r] of rows.entries()) {
      const errors = Object.keys(r.errors).length
        ? Object.entries(r.errors)
            .map(([k, v]) => `${v} x ${k}`)
            .join(', ')
        : '0';
      const share = i === 0 ? '' : ` (${((100 * r.rps) / hello0).toFixed(1)}%)`;
      console.log(
        `| ${r.name} | ${Math.round(r.rps)} req/s${share} | ${r.p50} ms | ${r.p99} ms | ${r.requests} | ${errors} | ${cpuPerRequest(r)} |`,
      );
    }
    if (closedExact)
      console.log(`\nexact after the closed-loop toggles: ${formatExact(closedExact)}`);
    if (openExact) console.log(`exact after the 70% run: ${formatExact(openExact)}`);
    if (commands)
      console.log(`\ndatabase commands per toggle (closed loop, until drained):\n${commands}`);
    for (const [name, exact] of [
      ['closed loop', closedExact],
      ['70% run', openExact],
    ] as const)
      if (exact?.backlog)
        console.log(`consumers behind at the end of the ${name}: ${exact.backlog}`);
  } finally {
    if (own) {
      own.kill('SIGTERM');
      await once(own, 'exit');
    }
  }
}

await main();
