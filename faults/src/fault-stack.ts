/**
 * The stack the fault suite breaks: gateway and services (no static servers), the embedded MongoDB on
 * disk in a throwaway folder (it must survive kill -9), and a nats-server of its own on a free port
 * (or a cluster of its own), so killing NATS never touches the machine's shared server on 4222 that
 * other suites use.
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { freePort } from '../../tools/stack/infra.ts';
import { startStack } from '../../tools/stack/run-stack.ts';
import type { RunningStack } from '../../tools/stack/run-stack.ts';
import { DNS_REFRESH_MS, ROOT, portOf, serviceInstances } from '../../tools/stack/stack.ts';
import type { ServiceName } from '../../tools/stack/stack.ts';

/** e2e uses +100, bench/startup.ts +200; FAULTS_PORT_OFFSET moves it (a second run beside a CI run). */
export const FAULTS_PORT_OFFSET = Number(process.env.FAULTS_PORT_OFFSET ?? 300);

export interface LogLine {
  at: number;
  /** The child's name as the supervisor prefixed it ('svc-quests', 'nats-server', ...). */
  source: string;
  text: string;
}

export interface FaultStack extends RunningStack {
  /** The gateway on 127.0.0.1 (loopback only). */
  baseUrl: string;
  /** Every gateway on 127.0.0.1 (one unless `gateways` asked for more). */
  baseUrls: string[];
  logFile: string;
  /** Every line the children printed so far (bounded), for the report of a failed scenario. */
  lines(since?: number): LogLine[];
  /**
   * kill -9, resolved once the process is gone. With discovery 'dns' its address leaves its service's
   * name as the signal is sent: Kubernetes takes a dead pod out of the endpoints only once it notices
   * (a failed probe, its node's report), so the gateways here learn of the death sooner than there; until
   * their next re-read they meet refused connections, as they would in a cluster.
   */
  kill(name: string): Promise<void>;
  /**
   * Stops one process as Kubernetes stops a pod: its address leaves its service's name (the endpoints),
   * a wait of two of the gateways' re-reads (the pod's preStop sleep), then SIGTERM; resolved once the
   * process is gone. A process with no name (a gateway, discovery 'lists') gets SIGTERM at once.
   */
  terminate(name: string): Promise<void>;
}

/** A terminating pod's wait between leaving the endpoints and SIGTERM (the manifests' preStop sleep). */
const PRE_STOP_MS = 2 * DNS_REFRESH_MS;

const MAX_LINES = 50_000;

async function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, host, () => server.close(() => resolve(false)));
  });
}

interface FaultStackOptions {
  scale?: Partial<Record<ServiceName, number>>;
  gateways?: number;
  /** A NATS cluster of this many nodes (nats-1 ...) instead of one nats-server. */
  natsNodes?: number;
  /** How the gateways find the services' instances (tools/stack/stack.ts); 'lists' by default. */
  discovery?: 'lists' | 'dns';
}

/** Which of the stack's addresses are taken already: the gateway's, MongoDB's and every service instance's. */
async function busyPorts(options: FaultStackOptions): Promise<string[]> {
  const busy = [];
  for (const name of ['gateway', 'gateway-metrics', 'mongo'] as const) {
    const port = portOf(name, FAULTS_PORT_OFFSET);
    if (await portInUse(port)) busy.push(`${name} ${port}`);
  }
  const instances = serviceInstances({
    portOffset: FAULTS_PORT_OFFSET,
    ...(options.scale ? { scale: options.scale } : {}),
    ...(options.discovery ? { discovery: options.discovery } : {}),
  });
  for (const instance of instances) {
    if (await portInUse(instance.port, instance.host))
      busy.push(`${instance.name} ${instance.host}:${instance.port}`);
  }
  return busy;
}

/** `name` names the log file under .data/faults (one per test file, kept after the run). */
export async function startFaultStack(
  name: string,
  options: FaultStackOptions = {},
): Promise<FaultStack> {
  const busy = await busyPorts(options);
  if (busy.length > 0) {
    throw new Error(
      `ports of the fault stack (+${FAULTS_PORT_OFFSET}) are taken: ${busy.join(', ')}`,
    );
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'levelup-faults-'));
  const logDir = path.join(ROOT, '.data/faults');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const file = createWriteStream(logFile);
  const kept: LogLine[] = [];
  let pending = '';
  // The supervisor writes `name | line` per line; keep them (bounded) and copy them to the log file.
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      file.write(chunk);
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const part of parts) {
        const bar = part.indexOf(' | ');
        kept.push({
          at: Date.now(),
          source: bar > 0 ? part.slice(0, bar).trim() : '?',
          text: bar > 0 ? part.slice(bar + 3) : part,
        });
      }
      if (kept.length > MAX_LINES) kept.splice(0, kept.length - MAX_LINES);
      done();
    },
  });

  const natsPort = await freePort();
  let stack: RunningStack;
  try {
    stack = await startStack({
      portOffset: FAULTS_PORT_OFFSET,
      dataDir,
      env: { ...process.env, NATS_URL: `nats://127.0.0.1:${natsPort}`, MONGO_URL: undefined },
      frontends: false,
      ...(options.scale ? { scale: options.scale } : {}),
      ...(options.gateways ? { gateways: options.gateways } : {}),
      ...(options.natsNodes ? { natsNodes: options.natsNodes } : {}),
      ...(options.discovery ? { discovery: options.discovery } : {}),
      output,
      log: (line) => output.write(`${'faults'.padEnd(16)} | ${line}\n`),
    });
  } catch (error) {
    file.end();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Whatever happens to the test process, no child outlives it (a stopped NATS included).
  const killAll = () => {
    for (const child of stack.children) {
      if (child.process.exitCode === null) child.process.kill('SIGKILL');
    }
  };
  process.once('exit', killAll);

  return {
    ...stack,
    baseUrl: stack.gatewayUrl.replace('localhost', '127.0.0.1'),
    baseUrls: stack.gatewayUrls.map((url) => url.replace('localhost', '127.0.0.1')),
    logFile,
    lines: (since = 0) => kept.filter((line) => line.at >= since),
    async kill(name) {
      const child = stack.child(name);
      child.process.kill('SIGKILL');
      stack.leaveDns(name);
      await child.exited;
    },
    async terminate(name) {
      if (stack.leaveDns(name)) await new Promise((resolve) => setTimeout(resolve, PRE_STOP_MS));
      const child = stack.child(name);
      child.process.kill('SIGTERM');
      await child.exited;
    },
    async stop() {
      for (const child of stack.children) child.process.kill('SIGCONT');
      await stack.stop();
      process.removeListener('exit', killAll);
      await new Promise((resolve) => file.end(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
