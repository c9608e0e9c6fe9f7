/**
 * Live rooms at scale: MEMBERS members (500) in ROOMS rooms (50) of a stack with two svc-community
 * instances, each member with its room stream open through the gateway and pinging every 5 s as the
 * client does. Measures the memory each open stream costs (resident memory of the gateway and the
 * svc-community instances, before and after the streams opened), the CPU the stack spends per connected
 * member while the rooms are quiet (heartbeats and pings) and while every member checks in ROUNDS
 * times, the delay from a check-in's request to its event on each stream of the room, and whether every
 * stream received its room's events in order, without gaps, and the same as every other stream of its
 * room. Prints figures; asserts nothing (record them in bench/README.md).
 *
 *   flock /tmp/levelup-stack.lock node bench/rooms.ts
 *   MEMBERS=100 ROOMS=10 QUIET_SECONDS=10 ROUNDS=3 ROOMS_PORT_OFFSET=500 node bench/rooms.ts
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, apiPath, roomStreamEventSchema, type RoomStreamEvent } from '@levelup/contracts';
import { startStack } from '../tools/stack/run-stack.ts';
import { apiClient, freePort, summarise } from './lib.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 500);
const ROOMS = Number(process.env.ROOMS ?? 50);
const QUIET_SECONDS = Number(process.env.QUIET_SECONDS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SETUP_CONCURRENCY = 6;
const PING_MS = 5_000;
const CLOCK_TICK_MS = 10; // getconf CLK_TCK = 100 on Linux

// ---- processes: CPU and resident memory of a child and everything under it

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while read
    }
  }
  return byParent;
}

function tree(root: number): number[] {
  const byParent = children();
  const all = [root];
  for (const pid of all) all.push(...(byParent.get(pid) ?? []));
  return all;
}

function cpuMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
    } catch {
      // ended
    }
  }
  return total;
}

function rssKiB(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(match?.[1] ?? 0);
    } catch {
      // ended
    }
  }
  return total;
}

async function inBatches<T, R>(
  items: T[],
  size: number,
  run: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index]!, index);
      }
    }),
  );
  return results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- a member's stream

interface Member {
  index: number;
  room: number;
  call: ReturnType<typeof apiClient>;
  sessionId?: string;
  connectionId?: string;
  /** Sequence numbers received, in arrival order. */
  seqs: number[];
  /** Sequenced events as `seq:type:userId`, for comparing streams of one room. */
  entries: string[];
  snapshotSeq: number;
  /** When each check-in line arrived (line -> ms timestamp). */
  arrivals: Map<string, number>;
  abort: AbortController;
  ended: boolean;
}

async function openRoomStream(base: string, member: Member): Promise<void> {
  const response = await fetch(
    `${base}${apiPath(API.roomEvents.path, { id: member.sessionId! })}`,
    {
      headers: { cookie: member.call.cookie() },
      signal: member.abort.signal,
    },
  );
  if (response.status !== 200 || !response.body) {
    throw new Error(`stream answered ${response.status}`);
  }
  let hello: () => void;
  const helloSeen = new Promise<void>((resolve) => (hello = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let split;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('');
          if (!data) continue;
          const event: RoomStreamEvent = roomStreamEventSchema.parse(JSON.parse(data));
          if (event.type === 'hello') member.connectionId = event.connectionId;
          if (event.type === 'snapshot') {
            member.snapshotSeq = event.room.seq;
            hello!();
          }
          if ('seq' in event) {
            member.seqs.push(event.seq);
            member.entries.push(
              `${event.seq}:${event.type}:${'userId' in event ? event.userId : ''}`,
            );
            if (event.type === 'checked_in') member.arrivals.set(event.checkIn.line, Date.now());
          }
        }
      }
    } catch {
      // aborted at the end
    } finally {
      member.ended = true;
    }
  })();
  await helloSeen;
}

// ---- the run

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'levelup-rooms-'));
// The services' level only: the embedded MongoDB announces its readiness in an info line, which a
// LOG_LEVEL of warn inherited from this process would silence (the launcher would wait for ever).
const logLevel = process.env.LOG_LEVEL ?? 'warn';
delete process.env.LOG_LEVEL;
// The children inherit this process's environment: 500 sign-ups from one address would be limited.
process.env.RATE_LIMITS = 'off';
const stack = await startStack({
  portOffset: Number(process.env.ROOMS_PORT_OFFSET ?? 500),
  dataDir,
  env: {
    ...process.env,
    NATS_URL: `nats://127.0.0.1:${await freePort()}`,
    MONGO_URL: undefined,
    LOG_LEVEL: logLevel,
    RATE_LIMITS: 'off',
  },
  frontends: false,
  scale: { 'svc-community': 2 },
  output: process.stderr,
  log: (line) => process.stderr.write(`${'rooms-bench'.padEnd(16)} | ${line}\n`),
});

const base = stack.gatewayUrl.replace('localhost', '127.0.0.1');
const measured = stack.children.filter(
  (child) => child.name.startsWith('svc-community') || child.name.startsWith('gateway'),
);
const measuredPids = () => measured.flatMap((child) => tree(child.process.pid!));
const stackPids = () => stack.children.flatMap((child) => tree(child.process.pid!));
console.log(
  `measuring ${measured.map((child) => child.name).join(', ')} (memory); the whole stack (CPU)`,
);

let pinger: NodeJS.Timeout | undefined;
const members: Member[] = [];
try {
  const setUpStarted = Date.now();
  const tag = Date.now().toString(36);
  for (let index = 0; index < MEMBERS; index += 1) {
    members.push({
      index,
      room: index % ROOMS,
      call: apiClient(base),
      seqs: [],
      entries: [],
      snapshotSeq: 0,
      arrivals: new Map(),
      abort: new AbortController(),
      ended: false,
    });
  }
  await inBatches(members, SETUP_CONCURRENCY, async (member) => {
    const name = `rooms_${tag}_${member.index}`;
    const answer = await member.call('POST', '/api/auth/register', {
      username: name,
      email: `${name}@example.com`,
      password: 'correct-horse',
      displayName: `Member ${member.index}`,
      timeZone: 'UTC',
    });
    if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}`);
  });
  // The first member of each room hosts it; sessions are as large as their rooms.
  const perRoom = Math.ceil(MEMBERS / ROOMS);
  const sessions: string[] = [];
  for (let room = 0; room < ROOMS; room += 1) {
    const host = members[room]!;
    const created = await host.call<{ id: string }>('POST', API.createSession.path, {
      title: `Bench room ${room}`,
      startTime: new Date(Date.now() - 60_000).toISOString(),
      duration: 120,
      maxParticipants: Math.max(2, perRoom),
      category: 'focus',
    });
    if (created.status !== 201) throw new Error(`session creation answered ${created.status}`);
    sessions.push(created.body.id);
  }
  await inBatches(members, SETUP_CONCURRENCY, async (member) => {
    member.sessionId = sessions[member.room]!;
    if (member.index < ROOMS) return; // the host
    const joined = await member.call(
      'POST',
      apiPath(API.joinSession.path, { id: member.sessionId }),
    );
    if (joined.status !== 200) throw new Error(`join answered ${joined.status}`);
  });
  console.log(
    `set up ${MEMBERS} members in ${ROOMS} rooms in ${((Date.now() - setUpStarted) / 1000).toFixed(1)} s`,
  );

  await sleep(3_000);
  const rssBefore = rssKiB(measuredPids());
  // The stack's own idle cost (timers, consumers' pulls), before any stream: subtracted below.
  const idleCpuBefore = cpuMs(stackPids());
  await sleep(QUIET_SECONDS * 1000);
  const idleCpu = cpuMs(stackPids()) - idleCpuBefore;
  const connectStarted = Date.now();
  await inBatches(members, 25, (member) => openRoomStream(base, member));
  const connectSeconds = (Date.now() - connectStarted) / 1000;
  // Pings as the client sends them, spread over the interval.
  let turn = 0;
  pinger = setInterval(() => {
    const slice = Math.ceil(MEMBERS / (PING_MS / 100));
    for (let i = 0; i < slice; i += 1) {
      const member = members[turn++ % MEMBERS]!;
      if (!member.connectionId) continue;
      void member
        .call('POST', apiPath(API.pingRoom.path, { id: member.sessionId! }), {
          connectionId: member.connectionId,
        })
        .catch(() => undefined);
    }
  }, 100);
  await sleep(5_000);
  const rssAfter = rssKiB(measuredPids());

  // Quiet rooms: heartbeats and pings only.
  const quietCpuBefore = cpuMs(stackPids());
  await sleep(QUIET_SECONDS * 1000);
  const quietCpu = cpuMs(stackPids()) - quietCpuBefore;

  // Busy rooms: every member checks in ROUNDS times (one round at a time, all rooms at once).
  const latencies: number[] = [];
  const sentAt = new Map<string, { at: number; room: number }>();
  const busyCpuBefore = cpuMs(stackPids());
  const busyStarted = Date.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    await inBatches(members, 25, async (member) => {
      const line = `r${round} m${member.index}`;
      sentAt.set(line, { at: Date.now(), room: member.room });
      const answer = await member.call(
        'PUT',
        apiPath(API.checkIn.path, { id: member.sessionId! }),
        {
          line,
        },
      );
      if (answer.status !== 200) throw new Error(`check-in answered ${answer.status}`);
    });
  }
  await sleep(2_000);
  const busySeconds = (Date.now() - busyStarted) / 1000;
  const busyCpu = cpuMs(stackPids()) - busyCpuBefore;
  const checkIns = MEMBERS * ROUNDS;

  for (const [line, sent] of sentAt) {
    for (const member of members) {
      if (member.room !== sent.room) continue;
      const arrived = member.arrivals.get(line);
      if (arrived !== undefined) latencies.push(Math.max(0, arrived - sent.at));
    }
  }
  // Order: each stream's sequence numbers strictly increasing without gaps after its snapshot, and
  // every stream of a room holding the same events for the same numbers.
  let outOfOrder = 0;
  let gaps = 0;
  let disagreements = 0;
  let missing = 0;
  for (const member of members) {
    for (let i = 0; i < member.seqs.length; i += 1) {
      const previous = i === 0 ? member.snapshotSeq : member.seqs[i - 1]!;
      if (member.seqs[i]! <= previous) outOfOrder += 1;
      else if (member.seqs[i]! > previous + 1) gaps += 1;
    }
  }
  for (let room = 0; room < ROOMS; room += 1) {
    const inRoom = members.filter((member) => member.room === room);
    const bySeq = new Map<number, string>();
    for (const member of inRoom) {
      for (const entry of member.entries) {
        const seq = Number(entry.split(':')[0]);
        const seen = bySeq.get(seq);
        if (seen === undefined) bySeq.set(seq, entry);
        else if (seen !== entry) disagreements += 1;
      }
    }
  }
  const expectedDeliveries = [...sentAt.values()].reduce(
    (sum, sent) => sum + members.filter((member) => member.room === sent.room).length,
    0,
  );
  missing = expectedDeliveries - latencies.length;
  const ended = members.filter((member) => member.ended).length;

  const connections = MEMBERS;
  const latency = summarise(latencies);
  const round1 = (value: number) => Math.round(value * 10) / 10;
  console.log('');
  console.log(`| what | figure |`);
  console.log(`| --- | --- |`);
  console.log(
    `| members connected (streams through the gateway, 2 svc-community instances) | ${connections} in ${ROOMS} rooms, opened in ${connectSeconds.toFixed(1)} s |`,
  );
  console.log(
    `| resident memory of gateway + svc-community x2, before / after the streams | ${(rssBefore / 1024).toFixed(1)} MiB / ${(rssAfter / 1024).toFixed(1)} MiB |`,
  );
  console.log(`| memory per connection | ${round1((rssAfter - rssBefore) / connections)} KiB |`);
  console.log(
    `| CPU of the whole stack, idle before the streams / rooms quiet (heartbeats 5 s, pings 5 s) | ${round1(idleCpu / QUIET_SECONDS / 10)} % / ${round1(quietCpu / QUIET_SECONDS / 10)} % of a core |`,
  );
  console.log(
    `| CPU per connected member (quiet minus idle) | ${round1(((quietCpu - idleCpu) / QUIET_SECONDS / connections) * 1000)} µs per second |`,
  );
  console.log(
    `| CPU of the whole stack per check-in (fan-out to ${Math.ceil(MEMBERS / ROOMS)} streams) | ${round1(busyCpu / checkIns)} ms (${checkIns} check-ins in ${busySeconds.toFixed(1)} s) |`,
  );
  console.log(
    `| check-in sent to its event on each stream of the room | p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms (n = ${latency.n}) |`,
  );
  console.log(
    `| order per room | ${outOfOrder} out of order, ${gaps} gaps, ${disagreements} disagreements between streams of a room, ${missing} deliveries missing |`,
  );
  console.log(`| streams ended during the run | ${ended} |`);
} finally {
  if (pinger) clearInterval(pinger);
  for (const member of members) member.abort.abort();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
