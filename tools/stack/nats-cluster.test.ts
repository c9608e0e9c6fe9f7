import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetStreamReport, startNatsCluster, untilNodeReady } from './nats-cluster.ts';
import type { NatsCluster } from './nats-cluster.ts';
import { restartChild, stopAll } from './supervisor.ts';

let dir: string;
let cluster: NatsCluster;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'levelup-nats-cluster-'));
  cluster = await startNatsCluster({ size: 3, dataDir: dir, output: new PassThrough() });
}, 40_000);

afterAll(async () => {
  if (cluster) await stopAll(cluster.children);
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start -- --nats-nodes 3', () => {
  it('when the cluster has started, then NATS_URL lists the three nodes and all three agree on one JetStream leader', async () => {
    expect(cluster.url.split(',')).toHaveLength(3);
    const leaders = await Promise.all(
      cluster.nodes.map(async (node) => (await jetStreamReport(node))?.metaLeader),
    );
    expect(new Set(leaders).size).toBe(1);
    expect(cluster.nodes.map((node) => node.name)).toContain(leaders[0]);
  });

  it('when the leader is killed, then the other two elect another, and the killed node rejoins from its folder', async () => {
    const leader = (await jetStreamReport(cluster.nodes[0]!))!.metaLeader!;
    const place = cluster.nodes.findIndex((node) => node.name === leader);
    const killed = cluster.children[place]!;
    killed.process.kill('SIGKILL');
    await killed.exited;
    const other = cluster.nodes.find((node) => node.name !== leader)!;
    let next: string | undefined;
    for (let waited = 0; waited < 15_000 && (!next || next === leader); waited += 200) {
      next = (await jetStreamReport(other))?.metaLeader;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(next).toBeDefined();
    expect(next).not.toBe(leader);

    const restarted = await restartChild(killed);
    cluster.children[place] = restarted;
    await untilNodeReady(cluster.nodes[place]!, restarted, 15_000);
    expect((await jetStreamReport(cluster.nodes[place]!))?.metaLeader).toBe(next);
  }, 40_000);
});
