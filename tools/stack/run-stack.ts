/** Brings the whole stack up: infrastructure, services, static servers, gateway; healthy or an error. */
import path from 'node:path';
import {
  canConnect,
  ensureNats,
  ensureSecrets,
  firstNatsServer,
  startEmbeddedMongo,
} from './infra.ts';
import { startDnsStandIn } from './dns-stand-in.ts';
import type { DnsStandIn } from './dns-stand-in.ts';
import { startNatsCluster, untilNodeReady } from './nats-cluster.ts';
import type { NatsNode } from './nats-cluster.ts';
import { DNS_REFRESH_MS, ROOT, metricsUrls, portOf, stackProcesses } from './stack.ts';
import type { ProcessSpec, ServiceName } from './stack.ts';
import {
  DEFAULT_RESTART_POLICY,
  restartChild,
  startChild,
  stopAll,
  superviseChildren,
  waitForHttp,
} from './supervisor.ts';
import type { Child, RestartPolicy, Supervisor } from './supervisor.ts';

export interface RunningStack {
  gatewayUrl: string;
  /** Every gateway's URL (one unless `gateways` asked for more), the first being gatewayUrl. */
  gatewayUrls: string[];
  /** Each process's Prometheus /metrics, with its name. */
  metricsUrls: string[];
  natsUrl: string;
  natsNamespace: string | undefined;
  /** The nodes of the stack's own NATS cluster (`natsNodes`); empty otherwise. */
  natsNodes: NatsNode[];
  /** The embedded MongoDB's URL, or MONGO_URL when that was set. */
  mongoUrl: string;
  children: Child[];
  /** The running child of that name ('svc-quests', 'mongo-embedded', 'nats-server', ...). */
  child(name: string): Child;
  /**
   * Starts an exited child again with the same command (same port, same data folder) and resolves once
   * it is ready again (health answered, or its port accepting connections). For the fault suite.
   * `env` is added to its environment (a rolling restart to a new build marks the new processes).
   */
  restart(name: string, timeoutMs?: number, env?: Record<string, string>): Promise<Child>;
  /** Where the child of that name answers HTTP ('http://127.0.0.3:4302'). */
  instanceUrl(name: string): string;
  /**
   * With discovery 'dns': the DNS server the gateways ask, holding each service's ready instances (an
   * instance joins its name once its health check answers, at start and after `restart`).
   */
  dns: DnsStandIn | undefined;
  /**
   * Takes the instance's address out of its service's name, as a pod leaves its Service's endpoints when
   * it starts terminating; false when it has none (discovery 'lists', a gateway, NATS, MongoDB).
   */
  leaveDns(name: string): boolean;
  stop(): Promise<void>;
}

export interface StackOptions {
  portOffset?: number;
  dataDir?: string;
  /** Keep MongoDB data in memory only (tests). */
  memory?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Defaults to none for the normal ports, and to `p<offset>` for a stack on offset ports. */
  natsNamespace?: string;
  /** Start the static servers of the shell and the remotes (default true). */
  frontends?: boolean;
  /** Instances per service (`npm start -- --scale svc-quests=2`). */
  scale?: Partial<Record<ServiceName, number>>;
  /** How many gateways (1 by default), each on its own ports (stack.ts). */
  gateways?: number;
  /**
   * How the gateways find the services' instances (stack.ts): 'lists' by default; 'dns' starts a DNS
   * stand-in that holds each service's ready instances, as a cluster's DNS does for a headless Service.
   */
  discovery?: 'lists' | 'dns';
  /**
   * Run a NATS cluster of this many nodes (nats-1, nats-2, ...) instead of using NATS_URL, with every
   * stream the services create kept on up to three of them: production's shape on one machine.
   */
  natsNodes?: number;
  /** Where the children's name-prefixed output goes; the terminal by default. */
  output?: NodeJS.WritableStream;
  log?: (line: string) => void;
  /**
   * Once healthy, start any child that exits again, with backoff (`npm start`). Off for the
   * suites that kill and restart children themselves.
   */
  supervise?: boolean | RestartPolicy;
}

/** Resolves once the child accepts connections on host:port (how a restarted database is ready). */
function untilListening(host: string, port: number) {
  return async (child: Child, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await canConnect(host, port, 500))) {
      if (child.process.exitCode !== null) throw new Error(`${child.name} exited on restart`);
      if (Date.now() > deadline)
        throw new Error(`${child.name} did not listen on ${host}:${port} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

type Readiness = (child: Child, timeoutMs: number) => Promise<void>;

/**
 * The stack's NATS: a cluster of its own when `natsNodes` asks for one, else the server at NATS_URL,
 * started from PATH when none answers there. Adds what it started to `into`; resolves with NATS_URL.
 */
async function startNats(
  options: StackOptions,
  env: NodeJS.ProcessEnv,
  dataDir: string,
  into: { children: Child[]; readiness: Map<string, Readiness>; log: (line: string) => void },
): Promise<{ url: string; nodes: NatsNode[] }> {
  if (options.natsNodes && options.natsNodes > 1) {
    const cluster = await startNatsCluster({
      size: options.natsNodes,
      dataDir: path.join(dataDir, 'nats-cluster'),
      ...(options.output ? { output: options.output } : {}),
    });
    cluster.nodes.forEach((node, index) => {
      into.children.push(cluster.children[index]!);
      into.readiness.set(node.name, (child, timeoutMs) => untilNodeReady(node, child, timeoutMs));
    });
    into.log(`started a NATS cluster of ${cluster.nodes.length} nodes at ${cluster.url}`);
    return { url: cluster.url, nodes: cluster.nodes };
  }
  const natsUrl = env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const nats = await ensureNats(natsUrl, dataDir, options.output);
  if (nats) {
    into.children.push(nats);
    const { host, port } = firstNatsServer(natsUrl);
    into.readiness.set(nats.name, untilListening(host, port));
    into.log(`started nats-server -js at ${natsUrl}`);
  }
  return { url: natsUrl, nodes: [] };
}

/** What the stack's processes are started with: its ports and URLs, secrets, and optional parts. */
function processSettings(
  options: StackOptions,
  env: NodeJS.ProcessEnv,
  secrets: ReturnType<typeof ensureSecrets>,
  at: {
    portOffset: number;
    mongoUrl: string;
    natsUrl: string;
    dataDir: string;
    dnsServer: string | undefined;
  },
): Parameters<typeof stackProcesses>[0] {
  return {
    portOffset: at.portOffset,
    mongoUrl: at.mongoUrl,
    natsUrl: at.natsUrl,
    identitySecret: env.IDENTITY_SECRET ?? secrets.identitySecret,
    sessionKeys: env.SESSION_KEYS ?? secrets.sessionKeys,
    mailDir: env.MAIL_DIR ?? path.join(at.dataDir, 'mail'),
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY || secrets.vapidPublicKey,
      privateKey: env.VAPID_PRIVATE_KEY || secrets.vapidPrivateKey,
    },
    ...(env.ADMIN_USERNAMES ? { adminUsernames: env.ADMIN_USERNAMES } : {}),
    ...(env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? {
          externalSignIn: {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          },
        }
      : {}),
    natsNamespace: options.natsNamespace ?? (at.portOffset === 0 ? undefined : `p${at.portOffset}`),
    ...(options.natsNodes && options.natsNodes > 1
      ? { natsStreamReplicas: Math.min(3, options.natsNodes) }
      : {}),
    frontends: options.frontends,
    ...(options.scale ? { scale: options.scale } : {}),
    ...(options.gateways ? { gateways: options.gateways } : {}),
    ...(options.discovery ? { discovery: options.discovery } : {}),
    ...(at.dnsServer ? { dnsServer: at.dnsServer } : {}),
  };
}

/** Where a process's health check is asked. */
const healthUrl = (spec: ProcessSpec) => `http://${spec.host}:${spec.port}${spec.healthPath}`;

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  const portOffset = options.portOffset ?? 0;
  const dataDir = options.dataDir ?? path.join(ROOT, '.data');
  const children: Child[] = [];
  /** How to tell that a restarted child is ready, by name. */
  const readiness = new Map<string, Readiness>();
  let supervisor: Supervisor | undefined;
  let dns: DnsStandIn | undefined;
  const stop = async () => {
    // No restarts while everything stops (Ctrl-C, SIGTERM).
    supervisor?.stop();
    await stopAll(children);
    await dns?.close();
  };

  try {
    const secrets = ensureSecrets(dataDir);
    const nats = await startNats(options, env, dataDir, { children, readiness, log });
    const natsUrl = nats.url;

    let mongoUrl = env.MONGO_URL;
    if (!mongoUrl) {
      const mongoPort = portOf('mongo', portOffset);
      const mongo = await startEmbeddedMongo({
        port: mongoPort,
        dbPath: options.memory ? undefined : path.join(dataDir, 'mongo'),
        output: options.output,
      });
      children.push(mongo.child);
      readiness.set(mongo.child.name, untilListening('127.0.0.1', mongoPort));
      mongoUrl = mongo.url;
    }

    if (options.discovery === 'dns') {
      dns = await startDnsStandIn();
      log(`started a DNS stand-in at ${dns.server} for the services' names`);
    }
    const specs = stackProcesses(
      processSettings(options, env, secrets, {
        portOffset,
        mongoUrl,
        natsUrl,
        dataDir,
        dnsServer: dns?.server,
      }),
    );
    /** An instance is in its service's name while it is ready: once its health check answers. */
    const joinDns = (spec: ProcessSpec) => {
      if (dns && spec.dnsName) dns.add(spec.dnsName, spec.host);
    };
    const started = specs.map((spec) => {
      const child = startChild({
        name: spec.name,
        command: process.execPath,
        args: spec.args,
        cwd: spec.cwd,
        env: spec.env,
        output: options.output,
      });
      children.push(child);
      const ready: Readiness = async (restarted, timeoutMs) => {
        await waitForHttp(healthUrl(spec), restarted, timeoutMs);
        joinDns(spec);
      };
      readiness.set(spec.name, ready);
      return { child, ready };
    });
    await Promise.all(started.map(({ child, ready }) => ready(child, 60_000)));
    // The gateways re-read the names every DNS_REFRESH_MS: two of those after the last instance
    // joined, every gateway knows every instance.
    if (dns) await new Promise((resolve) => setTimeout(resolve, 2 * DNS_REFRESH_MS));

    if (options.supervise) {
      supervisor = superviseChildren(children, {
        policy: options.supervise === true ? DEFAULT_RESTART_POLICY : options.supervise,
        log,
      });
    }

    const child = (name: string) => {
      const found = children.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`no child named ${name} in this stack`);
      return found;
    };
    const specOf = (name: string) => {
      const found = specs.find((spec) => spec.name === name);
      if (!found) throw new Error(`no process named ${name} in this stack's specs`);
      return found;
    };
    return {
      gatewayUrl: `http://localhost:${portOf('gateway', portOffset)}`,
      gatewayUrls: specs
        .filter((spec) => spec.name.startsWith('gateway'))
        .map((spec) => `http://localhost:${spec.port}`),
      metricsUrls: metricsUrls(specs, portOffset),
      natsUrl,
      natsNamespace: specs[0]?.env.NATS_NAMESPACE,
      natsNodes: nats.nodes,
      mongoUrl,
      children,
      child,
      async restart(name, timeoutMs = 60_000, env) {
        const old = child(name);
        const restarted = await restartChild(
          env ? { ...old, options: { ...old.options, env: { ...old.options.env, ...env } } } : old,
        );
        // Same place in the list, so stop() still stops everything in the reverse order of start.
        children[children.indexOf(old)] = restarted;
        await readiness.get(name)?.(restarted, timeoutMs);
        return restarted;
      },
      instanceUrl(name) {
        const spec = specOf(name);
        return `http://${spec.host}:${spec.port}`;
      },
      dns,
      leaveDns(name) {
        const spec = specs.find((candidate) => candidate.name === name);
        if (!dns || !spec?.dnsName) return false;
        dns.remove(spec.dnsName, spec.host);
        return true;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
