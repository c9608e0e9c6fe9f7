/**
 * The least CPU a completion can cost on this machine with this architecture, measured part by part
 * with nothing of ours in the way: no Koa middleware, no mongoose, no schemas, no outbox. Each part runs
 * in processes of its own and their CPU is read from /proc, like bench/load.ts does for the stack:
 *
 * - HTTP: one request through a bare `node:http` forwarder (keep-alive agent) to a bare Koa app that
 *   answers a constant JSON (the gateway hop and a service's request handling, at their leanest);
 * - the database: the embedded MongoDB on disk (as `npm start` runs it), driven by the plain `mongodb`
 *   driver: a find by _id, a single-document update by _id, an insert; server and client CPU apiece;
 * - NATS JetStream: one publish with a message id, and one delivery to a durable pull consumer whose
 *   handler only parses the message and acknowledges it; server and client CPU apiece.
 *
 * A completion needs at the very least: the HTTP hop, the quest's read and its conditional write,
 * one publish, and for each of the three read models that follow completions (XP, goals and talents,
 * the feed) one delivery and one write. The sum of those floors is printed beside the goal.
 *
 *   node bench/floor.ts                 # OPERATIONS=3000 CONNECTIONS=50 SECONDS=5
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import autocannon from 'autocannon';
import { MongoClient, ObjectId } from 'mongodb';
import { freePort } from './lib.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OPERATIONS = Number(process.env.OPERATIONS ?? 3000);
const CONCURRENCY = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 5);
const TICK_MS = 10; // getconf CLK_TCK = 100 on Linux
const READ_MODELS = 3; // XP, goals and talents, the feed
const WARM_UP = 1000;

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** This process's own CPU in milliseconds (user + system). */
function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Starts a child and waits for a line of its output that matches `ready`. */
async function startChild(
  command: string,
  args: string[],
  ready: RegExp,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = createInterface({ input: child.stdout! });
  const errors = createInterface({ input: child.stderr! });
  await new Promise<void>((resolve, reject) => {
    const onLine = (line: string) => {
      if (ready.test(line)) resolve();
    };
    lines.on('line', onLine);
    errors.on('line', onLine);
    child.once('exit', (code) =>
      reject(new Error(`${command} ended (${code}) before it was ready`)),
    );
  });
  return child;
}

/** A module given as source, run by this Node, that prints `listening` once it serves. */
const startScript = (source: string, env: Record<string, string>) =>
  startChild(process.execPath, ['--input-type=module', '-e', source], /^listening$/, env);

/**
 * autocannon against `options` for 2 s (warm-up), then for SECONDS, with the CPU of each process in
 * `pids` over the second run divided by its requests.
 */
async function perRequest(options: autocannon.Options, pids: number[]) {
  await autocannon({ ...options, connections: CONCURRENCY, duration: 2 });
  const before = pids.map(cpuMs);
  const result = await autocannon({ ...options, connections: CONCURRENCY, duration: SECONDS });
  return {
    cpu: pids.map((pid, i) => (cpuMs(pid) - before[i]!) / result.requests.total),
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** Runs `op` OPERATIONS times, CONCURRENCY at a time; returns server and own CPU per operation. */
async function perOperation(serverPid: number, op: (i: number) => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await op(i); // warm-up
  let next = 0;
  const server0 = cpuMs(serverPid);
  const own0 = ownCpuMs();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < OPERATIONS) await op(next++);
    }),
  );
  return {
    server: (cpuMs(serverPid) - server0) / OPERATIONS,
    client: (ownCpuMs() - own0) / OPERATIONS,
  };
}

// ---- the database ----

async function database() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'levelup-floor-mongo-'));
  const port = await freePort();
  const server = await startChild(
    process.execPath,
    ['tools/mongo-embedded/src/cli.ts', '--port', String(port), '--dbpath', dir],
    /ready at/,
  );
  const client = await MongoClient.connect(`mongodb://127.0.0.1:${port}`, {
    maxPoolSize: CONCURRENCY,
  });
  try {
    const docs = client
      .db('floor')
      .collection<{ _id: ObjectId; xp: number; recent: string[] }>('docs');
    const ids = Array.from({ length: 500 }, () => new ObjectId());
    await docs.insertMany(ids.map((_id) => ({ _id, xp: 0, recent: [] })));
    const rows = client.db('floor').collection('rows');
    const pid = server.pid!;
    return {
      read: await perOperation(pid, (i) => docs.findOne({ _id: ids[i % ids.length]! })),
      write: await perOperation(pid, (i) =>
        docs.updateOne(
          { _id: ids[i % ids.length]! },
          { $inc: { xp: 1 }, $push: { recent: { $each: [`e${i}`], $slice: -200 } } },
        ),
      ),
      insert: await perOperation(pid, (i) =>
        rows.insertOne({ _id: `row-${i}-${Math.random()}` as never, xp: 10, at: new Date() }),
      ),
    };
  } finally {
    await client.close();
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- NATS JetStream ----

async function jetStream() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'levelup-floor-nats-'));
  const port = await freePort();
  const natsBin = process.env.NATS_SERVER ?? 'nats-server';
  const server = await startChild(
    natsBin,
    ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir],
    /Server is ready/,
  );
  const nc = await connect({ servers: `nats://127.0.0.1:${port}` });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'FLOOR', subjects: ['floor.>'] });
    await jsm.consumers.add('FLOOR', {
      durable_name: 'floor',
      ack_policy: AckPolicy.Explicit,
    });
    const js = jetstream(nc);
    // An event of a completion's size.
    const payload = (i: number) =>
      JSON.stringify({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        type: 'quests.completed',
        version: 1,
        occurredAt: new Date().toISOString(),
        data: {
          userId: '665f1c2e8a1b2c3d4e5f6a7b',
          questId: '665f1c2e8a1b2c3d4e5f6a7c',
          occurrenceId: null,
          seriesId: null,
          xpDelta: 50,
          difficulty: 'medium',
          category: 'health_fitness',
          growthPath: 'physical_growth',
          localDate: '2026-11-27',
          title: 'Morning run',
          completionType: 'completed',
        },
      });
    const pid = server.pid!;
    const publish = await perOperation(pid, (i) =>
      js.publish(`floor.completed`, payload(i), { msgID: `m-${i}-${Math.random()}` }),
    );
    // Deliveries: everything published above (warm-up included), each parsed and acknowledged.
    const total = OPERATIONS + WARM_UP;
    const consumer = await js.consumers.get('FLOOR', 'floor');
    const server0 = cpuMs(pid);
    const own0 = ownCpuMs();
    const messages = await consumer.consume({ max_messages: 256 });
    let seen = 0;
    for await (const message of messages) {
      JSON.parse(message.string());
      message.ack();
      if (++seen >= total) break;
    }
    await nc.flush();
    const deliver = {
      server: (cpuMs(pid) - server0) / total,
      client: (ownCpuMs() - own0) / total,
    };
    return { publish, deliver };
  } finally {
    await nc.close();
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- the bare hello server of bench/load.ts, the machine's yardstick ----

const HELLO = `
import http from 'node:http';
http
  .createServer((q, r) => { r.setHeader('content-type', 'text/plain'); r.end('hello'); })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

async function hello() {
  const port = await freePort();
  const server = await startScript(HELLO, { PORT: String(port) });
  try {
    const { cpu, rps } = await perRequest({ url: `http://127.0.0.1:${port}` }, [server.pid!]);
    return { cpu: cpu[0]!, rps };
  } finally {
    await stop(server);
  }
}

// ---- HTTP: a forwarder in front of a Koa app ----

const SERVICE = `
import Koa from 'koa';
const app = new Koa();
app.use(async (ctx) => {
  if (ctx.method === 'POST') for await (const _ of ctx.req) {}
  ctx.body = { id: '665f1c2e8a1b2c3d4e5f6a7c', isCompleted: true, xpDelta: 50 };
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

const FORWARDER = `
import http from 'node:http';
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const target = Number(process.env.TARGET);
http
  .createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => { res.statusCode = 502; res.end(); });
    req.pipe(upstream);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

async function http() {
  const servicePort = await freePort();
  const forwarderPort = await freePort();
  const service = await startScript(SERVICE, { PORT: String(servicePort) });
  const forwarder = await startScript(FORWARDER, {
    PORT: String(forwarderPort),
    TARGET: String(servicePort),
  });
  try {
    const { cpu, rps, errors } = await perRequest(
      {
        url: `http://127.0.0.1:${forwarderPort}/api/quests/665f1c2e8a1b2c3d4e5f6a7c/toggle`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'levelup.sid=x'.repeat(4) },
        body: '',
      },
      [forwarder.pid!, service.pid!],
    );
    return { forwarder: cpu[0]!, service: cpu[1]!, rps, errors };
  } finally {
    await stop(forwarder);
    await stop(service);
  }
}

// ---- report ----

const ms = (value: number) => `${value.toFixed(3)} ms`;

const yardstick = await hello();
const hop = await http();
const db = await database();
const bus = await jetStream();

console.log(
  `\n${CONCURRENCY} concurrent, ${OPERATIONS} operations each (HTTP: ${SECONDS} s), load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
);
console.log(
  `bare hello: ${yardstick.rps} req/s, ${ms(yardstick.cpu)} of CPU per request (the unit below)\n`,
);
console.log('| part | server side | client side | total |');
console.log('| --- | --- | --- | --- |');
console.log(
  `| HTTP request through a bare forwarder to a bare Koa app (${hop.rps} req/s, ${hop.errors} errors) | Koa ${ms(hop.service)} | forwarder ${ms(hop.forwarder)} | ${ms(hop.service + hop.forwarder)} |`,
);
for (const [name, part] of [
  ['database: find by _id', db.read],
  ['database: update by _id ($inc, $push)', db.write],
  ['database: insert', db.insert],
  ['JetStream: publish with a message id', bus.publish],
  ['JetStream: delivery, parse, acknowledge', bus.deliver],
] as const) {
  console.log(
    `| ${name} | ${ms(part.server)} | ${ms(part.client)} | ${ms(part.server + part.client)} |`,
  );
}
const both = (part: { server: number; client: number }) => part.server + part.client;
const floor = {
  http: hop.service + hop.forwarder,
  quest: both(db.read) + both(db.write),
  publish: both(bus.publish),
  readModels: READ_MODELS * (both(bus.deliver) + both(db.write)),
};
const sum = floor.http + floor.quest + floor.publish + floor.readModels;
console.log(
  `\nfloor of one completion: HTTP ${ms(floor.http)} + the quest's read and write ${ms(floor.quest)} + ` +
    `publish ${ms(floor.publish)} + ${READ_MODELS} read models (delivery and one write each) ${ms(floor.readModels)} ` +
    `= ${ms(sum)} (goal: 1.0 ms for everything)`,
);
const read = floor.http + both(db.read);
console.log(
  `floor of one read: HTTP ${ms(floor.http)} + a find ${ms(both(db.read))} = ${ms(read)} (goal: 0.35 ms)`,
);
// In bare hello requests, so machines of other speeds compare: a completion at 3% of the bare hello
// rate on two cores may cost at most 2 / 0.03 = 67 of them, a read at 10% at most 20.
const hellos = (value: number) => (value / yardstick.cpu).toFixed(1);
console.log(
  `in bare hello requests: a completion's floor ${hellos(sum)} (3% of hello's rate on 2 cores allows 66.7), ` +
    `a read's floor ${hellos(read)} (10% allows 20.0)`,
);
