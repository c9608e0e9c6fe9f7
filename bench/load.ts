/**
 * Load through the gateway next to a bare Node `http` hello server measured in the same run (issue 7):
 * 50 connections for 10 s each on GET /api/quests and on POST /api/quests/:id/toggle for 5 users,
 * then how long after the load every user's XP equals the sum of their completed quests.
 * Prints the ratio table; asserts nothing (record the figures in bench/README.md).
 *
 *   node bench/load.ts                      # against npm start on http://localhost:8080
 *   BASE_URL=http://localhost:8180 CONNECTIONS=50 SECONDS=10 node bench/load.ts
 *   ONLY=toggle LEVELUP_CPU_PROFILE=/tmp/prof npm start   # then ONLY=toggle node bench/load.ts, Ctrl-C,
 *   node bench/profile-summary.ts /tmp/prof/svc-quests.cpuprofile
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { apiClient } from './lib.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const connections = Number(process.env.CONNECTIONS ?? 50);
const seconds = Number(process.env.SECONDS ?? 10);
/** ONLY=read or ONLY=toggle measures one of the two (for a profile of one path). */
const only = process.env.ONLY;
const USERS = 5;
const QUESTS_PER_USER = 20;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: Record<string, number>;
}

type Request = { method: 'GET' | 'POST'; path: string; headers: Record<string, string> };

async function measure(name: string, url: string, requests: Request[]): Promise<Row> {
  console.error(`measuring ${name} ...`);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: requests.length ? requests : undefined,
  });
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

interface User {
  cookie: string;
  profile(): Promise<number>;
  quests(): Promise<Array<{ id: string; xpReward: number; isCompleted: boolean }>>;
}

async function signUpWithQuests(index: number): Promise<User & { questIds: string[] }> {
  const call = apiClient(base);
  const tag = `${Date.now().toString(36)}${index}`;
  const registered = await call('POST', '/api/auth/register', {
    username: `load_${tag}`,
    email: `load_${tag}@example.com`,
    password: 'correct-horse',
    displayName: `Load ${index}`,
    timeZone: 'Europe/Berlin',
  });
  if (registered.status !== 201) throw new Error(`sign-up answered ${registered.status}`);
  const questIds: string[] = [];
  for (let i = 0; i < QUESTS_PER_USER; i += 1) {
    const created = await call<{ id: string }>('POST', '/api/quests', {
      title: `Load quest ${i}`,
      description: 'A quest toggled under load',
      difficulty: 'easy',
      xpReward: 10 + i,
    });
    if (created.status !== 201) throw new Error(`quest creation answered ${created.status}`);
    questIds.push(created.body.id);
  }
  return {
    cookie: call.cookie(),
    questIds,
    profile: async () => (await call<{ xp: number }>('GET', '/api/user/profile')).body.xp,
    quests: async () =>
      (
        await call<Array<{ id: string; xpReward: number; isCompleted: boolean }>>(
          'GET',
          '/api/quests',
        )
      ).body,
  };
}

async function main() {
  const hello = await startHello();
  console.error(`signing up ${USERS} users with ${QUESTS_PER_USER} quests each ...`);
  const users = await Promise.all(Array.from({ length: USERS }, (_, i) => signUpWithQuests(i)));
  const reads: Request[] = users.map((user) => ({
    method: 'GET',
    path: '/api/quests',
    headers: { cookie: user.cookie },
  }));
  const toggles: Request[] = users.flatMap((user) =>
    user.questIds.map((id) => ({
      method: 'POST' as const,
      path: `/api/quests/${id}/toggle`,
      headers: { cookie: user.cookie },
    })),
  );

  const rows: Row[] = [];
  rows.push(await measure('bare hello', hello.url, []));
  if (only !== 'toggle') rows.push(await measure('GET /api/quests', base, reads));
  if (only !== 'read') rows.push(await measure('POST toggle', base, toggles));
  const loadEnded = Date.now();
  hello.stop();

  // XP converges when every profile equals the sum of its user's completed quests.
  let converged = NaN;
  const deadline = loadEnded + 60_000;
  const exact = async () => {
    const checks = await Promise.all(
      users.map(async (user) => {
        const [xp, quests] = await Promise.all([user.profile(), user.quests()]);
        const expected = quests.filter((q) => q.isCompleted).reduce((s, q) => s + q.xpReward, 0);
        return xp === expected;
      }),
    );
    return checks.every(Boolean);
  };
  while (Date.now() < deadline) {
    if (await exact()) {
      converged = Date.now() - loadEnded;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const hello0 = rows[0]!.rps;
  console.log(
    `\n${connections} connections, ${seconds} s each, ${USERS} users x ${QUESTS_PER_USER} quests, ${base}\n`,
  );
  console.log('| measured | ' + rows.map((r) => r.name).join(' | ') + ' |');
  console.log('|---|' + rows.map(() => '---').join('|') + '|');
  console.log(
    '| throughput | ' +
      rows
        .map((r, i) =>
          i === 0
            ? `${Math.round(r.rps)} req/s`
            : `${Math.round(r.rps)} req/s (${((100 * r.rps) / hello0).toFixed(1)}%)`,
        )
        .join(' | ') +
      ' |',
  );
  console.log('| p50 | ' + rows.map((r) => `${r.p50} ms`).join(' | ') + ' |');
  console.log('| p99 | ' + rows.map((r) => `${r.p99} ms`).join(' | ') + ' |');
  console.log('| requests | ' + rows.map((r) => r.requests).join(' | ') + ' |');
  console.log(
    '| errors | ' +
      rows
        .map((r) =>
          Object.keys(r.errors).length
            ? Object.entries(r.errors)
                .map(([k, v]) => `${v} x ${k}`)
                .join(', ')
            : '0',
        )
        .join(' | ') +
      ' |',
  );
  console.log(
    `\nXP on every profile equal to the sum of completed quests: ${
      Number.isNaN(converged) ? 'NOT within 60 s' : `${converged} ms after the load ended`
    }`,
  );
}

await main();
