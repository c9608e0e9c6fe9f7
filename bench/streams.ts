/**
 * Live room streams against everyone else: on a stack with one svc-community, another user's community
 * read (`GET /api/posts`, SAMPLES of them, one at a time) is timed three ways: with no stream open; while
 * one user opens ATTEMPTS room streams (and keeps every one the gateway lets through: the caps allow 4);
 * and while HOLDERS users each hold the most streams the per-user cap allows (by default 65 × 4 = 260,
 * more than the 256 sockets the gateway keeps per service instance for ordinary requests). Counts the
 * streams accepted and refused (opening stops at the first that hangs), and the reads that failed, timed
 * out (READ_TIMEOUT_MS; reading stops after three) or got a 401.
 * Prints figures; asserts nothing (record them in bench/README.md).
 *
 *   flock /tmp/levelup-stack.lock node bench/streams.ts
 *   ATTEMPTS=300 HOLDERS=65 SAMPLES=200 STREAMS_PORT_OFFSET=400 node bench/streams.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, ROOM_HEARTBEAT_MS, apiPath } from '@levelup/contracts';
import { startStack } from '../tools/stack/run-stack.ts';
import { apiClient, freePort, summarise } from './lib.ts';

const ATTEMPTS = Number(process.env.ATTEMPTS ?? 300);
const HOLDERS = Number(process.env.HOLDERS ?? 65);
const SAMPLES = Number(process.env.SAMPLES ?? 200);
const READ_TIMEOUT_MS = Number(process.env.READ_TIMEOUT_MS ?? 15_000);
const OPEN_TIMEOUT_MS = 10_000;
/** A session holds at most this many members. */
const SESSION_SIZE = 50;

type Client = ReturnType<typeof apiClient>;
const streams: AbortController[] = [];

/** Each open stream's ping, as the room screen sends it every ROOM_HEARTBEAT_MS to stay present. */
const pings: Array<() => Promise<unknown>> = [];

/**
 * Opens one room stream and keeps it, pinging as the client does (a stream that stops pinging is swept
 * and ended by svc-community); its status, or 'hung' when no answer came in OPEN_TIMEOUT_MS.
 */
async function openStream(base: string, user: Client, id: string): Promise<number | 'hung'> {
  const controller = new AbortController();
  streams.push(controller);
  const timer = setTimeout(() => controller.abort(), OPEN_TIMEOUT_MS);
  try {
    const response = await fetch(`${base}${apiPath(API.roomEvents.path, { id })}`, {
      headers: { cookie: user.cookie() },
      signal: controller.signal,
    });
    clearTimeout(timer);
    if (response.status !== 200 || !response.body) {
      await response.text();
      return response.status;
    }
    void (async () => {
      const decoder = new TextDecoder();
      let text = '';
      let connectionId: string | undefined;
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          if (connectionId) continue; // known: the rest is drained
          text += decoder.decode(chunk, { stream: true });
          const lines = text.split('\n');
          text = lines.pop()!; // an unfinished line waits for the next chunk
          for (const line of lines) {
            if (!line.startsWith('data: ')) continue;
            const event = JSON.parse(line.slice(6)) as { type: string; connectionId?: string };
            if (event.type === 'hello') connectionId = event.connectionId;
          }
          if (!connectionId) continue;
          const body = { connectionId };
          pings.push(() =>
            user('POST', apiPath(API.pingRoom.path, { id }), body).catch(() => undefined),
          );
        }
      } catch {
        // closed at the end
      }
    })();
    return response.status;
  } catch {
    return 'hung';
  }
}

/** SAMPLES reads of the posts, one after another: latencies of those answered 200, and the rest by kind. */
async function reads(base: string, reader: Client) {
  const ms: number[] = [];
  const other: Record<string, number> = {};
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${API.listPosts.path}`, {
        headers: { cookie: reader.cookie() },
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      });
      await response.text();
      if (response.status === 200) ms.push(performance.now() - started);
      else other[response.status] = (other[response.status] ?? 0) + 1;
    } catch {
      other.timedOut = (other.timedOut ?? 0) + 1;
      // Starved: the rest would wait as long; three are enough to say so.
      if (other.timedOut >= 3) break;
    }
  }
  const summary = summarise(ms);
  return {
    answered200: ms.length,
    p50: summary.p50.toFixed(1),
    p99: summary.p99.toFixed(1),
    max: summary.max.toFixed(1),
    other,
  };
}

const tally = (statuses: Array<number | 'hung'>) =>
  statuses.reduce<Record<string, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

async function register(base: string, name: string): Promise<Client> {
  const user = apiClient(base);
  const answer = await user('POST', '/api/auth/register', {
    username: name,
    email: `${name}@example.com`,
    password: 'correct-horse',
    displayName: name,
    timeZone: 'UTC',
  });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}`);
  return user;
}

async function session(host: Client): Promise<string> {
  const created = await host<{ id: string }>('POST', API.createSession.path, {
    title: 'Streams bench',
    startTime: new Date(Date.now() - 60_000).toISOString(),
    duration: 120,
    maxParticipants: SESSION_SIZE,
    category: 'focus',
  });
  if (created.status !== 201) throw new Error(`session creation answered ${created.status}`);
  return created.body.id;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'levelup-streams-'));
const logLevel = process.env.LOG_LEVEL ?? 'warn';
delete process.env.LOG_LEVEL;
process.env.RATE_LIMITS = 'off';
const stack = await startStack({
  portOffset: Number(process.env.STREAMS_PORT_OFFSET ?? 400),
  dataDir,
  env: {
    ...process.env,
    NATS_URL: `nats://127.0.0.1:${await freePort()}`,
    MONGO_URL: undefined,
    LOG_LEVEL: logLevel,
    RATE_LIMITS: 'off',
  },
  frontends: false,
  output: process.stderr,
  log: (line) => process.stderr.write(`${'streams-bench'.padEnd(16)} | ${line}\n`),
});
const base = stack.gatewayUrl.replace('localhost', '127.0.0.1');
const pinger = setInterval(() => {
  for (const ping of pings) void ping();
}, ROOM_HEARTBEAT_MS);

try {
  const tag = Date.now().toString(36);
  const reader = await register(base, `reader_${tag}`);
  const hoarder = await register(base, `hoarder_${tag}`);
  const hoarderRoom = await session(hoarder);
  for (let i = 0; i < 20; i += 1) await reader('GET', API.listPosts.path); // warm-up
  console.log('no stream open:', JSON.stringify(await reads(base, reader)));

  const opened: Array<number | 'hung'> = [];
  // Until one hangs (no socket left to send it on): the rest would hang as long.
  while (opened.length < ATTEMPTS && opened.at(-1) !== 'hung')
    opened.push(await openStream(base, hoarder, hoarderRoom));
  console.log(`one user, ${ATTEMPTS} attempts: streams`, JSON.stringify(tally(opened)));
  console.log('  another user meanwhile:', JSON.stringify(await reads(base, reader)));
  for (const controller of streams.splice(0)) controller.abort();
  pings.length = 0;

  const holders: Client[] = [];
  for (let i = 0; i < HOLDERS; i += 1) holders.push(await register(base, `holder_${tag}_${i}`));
  const rooms: string[] = [];
  for (let i = 0; i < holders.length; i += SESSION_SIZE) rooms.push(await session(holders[i]!));
  for (const [i, holder] of holders.entries()) {
    if (i % SESSION_SIZE === 0) continue;
    const id = rooms[Math.floor(i / SESSION_SIZE)]!;
    const joined = await holder('POST', apiPath(API.joinSession.path, { id }));
    if (joined.status !== 200) throw new Error(`join answered ${joined.status}`);
  }
  const held: Array<number | 'hung'> = [];
  for (const [i, holder] of holders.entries()) {
    const id = rooms[Math.floor(i / SESSION_SIZE)]!;
    for (let n = 0; n < 4 && held.at(-1) !== 'hung'; n += 1)
      held.push(await openStream(base, holder, id));
  }
  console.log(`${HOLDERS} users × 4 streams: streams`, JSON.stringify(tally(held)));
  console.log('  another user meanwhile:', JSON.stringify(await reads(base, reader)));
} finally {
  clearInterval(pinger);
  for (const controller of streams) controller.abort();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
