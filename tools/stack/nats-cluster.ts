/**
 * A NATS cluster of real `nats-server` processes on this machine: the shape production runs (three
 * nodes, JetStream on each, every stream kept on all three), for the rehearsal that kills its nodes
 * under load. Each node has its own client, cluster and monitoring port and its own store folder, so
 * a node killed and started again rejoins with what it had on disk.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { canConnect, findOnPath, freePort } from './infra.ts';
import { ROOT } from './stack.ts';
import { startChild } from './supervisor.ts';
import type { Child } from './supervisor.ts';

export interface NatsNode {
  /** The child's name and the server's own name in the cluster: nats-1, nats-2, ... */
  name: string;
  clientPort: number;
  /** HTTP monitoring (/jsz, /healthz). */
  monitorPort: number;
}

export interface NatsCluster {
  nodes: NatsNode[];
  children: Child[];
  /** Every node's client URL, comma-separated: what NATS_URL takes for a cluster. */
  url: string;
}

const HOST = '127.0.0.1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What JetStream's monitoring says of the cluster and of each stream (GET /jsz?streams=true). */
export interface JetStreamReport {
  metaLeader: string | undefined;
  streams: Array<{ name: string; leader: string | undefined; replicas: number }>;
}

interface JszAnswer {
  meta_cluster?: { leader?: string };
  account_details?: Array<{
    stream_detail?: Array<{
      name: string;
      cluster?: { leader?: string };
      config?: { num_replicas?: number };
    }>;
  }>;
}

/** The cluster as one node's monitoring port sees it; undefined when that node does not answer. */
export async function jetStreamReport(node: NatsNode): Promise<JetStreamReport | undefined> {
  try {
    const response = await fetch(
      `http://${HOST}:${node.monitorPort}/jsz?streams=true&config=true`,
      { signal: AbortSignal.timeout(2_000) },
    );
    if (!response.ok) return undefined;
    const answer = (await response.json()) as JszAnswer;
    return {
      metaLeader: answer.meta_cluster?.leader || undefined,
      streams: (answer.account_details ?? []).flatMap((account) =>
        (account.stream_detail ?? []).map((stream) => ({
          name: stream.name,
          leader: stream.cluster?.leader || undefined,
          replicas: stream.config?.num_replicas ?? 1,
        })),
      ),
    };
  } catch {
    return undefined;
  }
}

/** The cluster as the first node that answers sees it (a node just killed does not answer). */
export async function clusterReport(nodes: readonly NatsNode[]): Promise<JetStreamReport> {
  for (const node of nodes) {
    const answer = await jetStreamReport(node);
    if (answer?.metaLeader) return answer;
  }
  throw new Error('no node of the NATS cluster answers its monitoring port');
}

/** The node that leads `stream` now; undefined while it has none (an election under way). */
export async function streamLeader(
  nodes: readonly NatsNode[],
  stream: string,
): Promise<string | undefined> {
  return (await clusterReport(nodes)).streams.find((one) => one.name === stream)?.leader;
}

/**
 * Resolves once the node takes client connections and JetStream has elected its meta leader (before
 * that, creating a stream fails), or rejects after `timeoutMs`.
 */
export async function untilNodeReady(
  node: NatsNode,
  child: Child,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`${node.name} exited while starting`);
    if ((await canConnect(HOST, node.clientPort, 500)) && (await jetStreamReport(node))?.metaLeader)
      return;
    if (Date.now() > deadline) {
      throw new Error(
        `${node.name} was not ready (JetStream leader elected) within ${timeoutMs} ms`,
      );
    }
    await sleep(200);
  }
}

/**
 * Starts `size` clustered nodes with JetStream, their data under `dataDir`/nats-<n>, and resolves once
 * every node listens and JetStream has a leader. Throws when there is no nats-server on PATH.
 */
export async function startNatsCluster(options: {
  size: number;
  dataDir: string;
  output?: NodeJS.WritableStream;
}): Promise<NatsCluster> {
  const binary = findOnPath('nats-server');
  if (!binary) {
    throw new Error(
      'A NATS cluster needs nats-server on PATH (Debian: apt-get install nats-server).',
    );
  }
  const nodes: Array<NatsNode & { clusterPort: number }> = [];
  for (let index = 1; index <= options.size; index += 1) {
    nodes.push({
      name: `nats-${index}`,
      clientPort: await freePort(),
      clusterPort: await freePort(),
      monitorPort: await freePort(),
    });
  }
  const routes = nodes.map((node) => `nats://${HOST}:${node.clusterPort}`).join(',');
  const children = nodes.map((node) => {
    const storeDir = path.join(options.dataDir, node.name);
    mkdirSync(storeDir, { recursive: true });
    return startChild({
      name: node.name,
      command: binary,
      args: [
        '-js',
        '-sd',
        storeDir,
        '-n',
        node.name,
        '-a',
        HOST,
        '-p',
        String(node.clientPort),
        '-m',
        String(node.monitorPort),
        '--cluster_name',
        'levelup',
        '--cluster',
        `nats://${HOST}:${node.clusterPort}`,
        '--routes',
        routes,
      ],
      cwd: ROOT,
      env: {},
      ...(options.output ? { output: options.output } : {}),
    });
  });
  try {
    await Promise.all(nodes.map((node, index) => untilNodeReady(node, children[index]!, 30_000)));
  } catch (error) {
    for (const child of children) child.process.kill('SIGKILL');
    throw error;
  }
  return {
    nodes: nodes.map(({ name, clientPort, monitorPort }) => ({ name, clientPort, monitorPort })),
    children,
    url: nodes.map((node) => `nats://${HOST}:${node.clientPort}`).join(','),
  };
}
