/**
 * The whole Level Up stack as data: which processes exist, how each starts, where it listens and how we
 * know it is healthy. `npm start` and the end-to-end tests both start it from here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StackOptions {
  /** Added to every port, so a test stack can run beside a development stack. */
  portOffset: number;
  mongoUrl: string;
  natsUrl: string;
  identitySecret: string;
  sessionKeys: string;
  /** svc-identity's ADMIN_USERNAMES: who gets the admin role. */
  adminUsernames?: string;
  /** svc-identity's OIDC_*: the external sign-in provider, when there is one. */
  externalSignIn?: { issuer: string; clientId: string; clientSecret?: string | undefined };
  /** svc-identity's MAIL_DIR: the development mail sink (confirmation emails as files, links logged). */
  mailDir?: string;
  /** svc-identity's VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (Web Push reminders). */
  vapid?: { publicKey: string; privateKey: string };
  /** Subject prefix and stream suffix on a shared NATS server (see service-kit's NATS_NAMESPACE). */
  natsNamespace?: string;
  /** Copies JetStream keeps of each stream the services create (NATS_STREAM_REPLICAS); 1 when absent. */
  natsStreamReplicas?: number;
  /** Start the static servers of the shell and the remotes (default true); API-only suites leave them out. */
  frontends?: boolean;
  /** How many instances of a service to run (`npm start -- --scale svc-quests=2`); 1 by default. */
  scale?: Partial<Record<ServiceName, number>>;
  /**
   * How many gateways to run (1 by default): each further one on the gateway's ports plus
   * INSTANCE_PORT_STEP times its place, with the same upstreams (the multi-instance rehearsal).
   */
  gateways?: number;
}

export type ServiceName = (typeof SERVICES)[number];

/** Extra instances listen this far apart: svc-quests #2 on 4022, #3 on 4042 (plus the stack's offset). */
export const INSTANCE_PORT_STEP = 20;

/** The gateway's list variable for a service's instances (gateway config.ts). */
const URLS_KEY: Record<ServiceName, string> = {
  'svc-identity': 'IDENTITY_URLS',
  'svc-quests': 'QUESTS_URLS',
  'svc-goals': 'GOALS_URLS',
  'svc-community': 'COMMUNITY_URLS',
  'svc-feedback': 'FEEDBACK_URLS',
};

/** `--scale svc-quests=2` (repeatable, or comma-separated) as instance counts; a clear error otherwise. */
export function parseScale(args: readonly string[]): Partial<Record<ServiceName, number>> {
  const scale: Partial<Record<ServiceName, number>> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const value = arg.startsWith('--scale=')
      ? arg.slice('--scale='.length)
      : arg === '--scale'
        ? args[++i]
        : undefined;
    if (value === undefined) continue;
    for (const part of value.split(',')) {
      const match = /^(svc-[a-z]+)=(\d+)$/.exec(part.trim());
      const name = match?.[1] as ServiceName | undefined;
      const count = Number(match?.[2]);
      if (!name || !(SERVICES as readonly string[]).includes(name) || count < 1 || count > 8)
        throw new Error(
          `--scale takes <service>=<1..8>, e.g. --scale svc-quests=2 (services: ${SERVICES.join(', ')}); got '${part}'`,
        );
      scale[name] = count;
    }
  }
  return scale;
}

/**
 * `--nats-nodes 3`: run a NATS cluster of that many nodes of the stack's own (1, 3 or 5: JetStream
 * needs a majority of its nodes to agree); undefined when not given.
 */
export function parseNatsNodes(args: readonly string[]): number | undefined {
  let nodes: number | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const value = arg.startsWith('--nats-nodes=')
      ? arg.slice('--nats-nodes='.length)
      : arg === '--nats-nodes'
        ? (args[++i] ?? '')
        : undefined;
    if (value === undefined) continue;
    if (!['1', '3', '5'].includes(value.trim()))
      throw new Error(`--nats-nodes takes 1, 3 or 5 (a majority must agree); got '${value}'`);
    nodes = Number(value);
  }
  return nodes;
}

export interface ProcessSpec {
  name: string;
  cwd: string;
  args: string[];
  port: number;
  healthPath: string;
  env: Record<string, string>;
}

export const BASE_PORTS = {
  gateway: 8080,
  /** The gateway's /metrics: a port of its own, so the public one serves only the app. */
  'gateway-metrics': 9464,
  'svc-identity': 4001,
  'svc-quests': 4002,
  'svc-goals': 4003,
  'svc-community': 4004,
  'svc-feedback': 4005,
  shell: 3000,
  'mfe-quests': 3001,
  'mfe-goals': 3002,
  'mfe-community': 3003,
  'mfe-progression': 3004,
  mongo: 27017,
} as const;

export const SERVICES = [
  'svc-identity',
  'svc-quests',
  'svc-goals',
  'svc-community',
  'svc-feedback',
] as const;
export const FRONTENDS = [
  'shell',
  'mfe-quests',
  'mfe-goals',
  'mfe-community',
  'mfe-progression',
] as const;

export function portOf(name: keyof typeof BASE_PORTS, offset: number): number {
  return BASE_PORTS[name] + offset;
}

const local = (port: number) => `http://127.0.0.1:${port}`;

/** Services first, then the static servers (unless left out), then the gateway (stopped in the reverse order). */
export function stackProcesses(options: StackOptions): ProcessSpec[] {
  const at = (name: keyof typeof BASE_PORTS) => portOf(name, options.portOffset);
  const shared = {
    MONGO_URL: options.mongoUrl,
    NATS_URL: options.natsUrl,
    IDENTITY_SECRET: options.identitySecret,
    ...(options.natsNamespace ? { NATS_NAMESPACE: options.natsNamespace } : {}),
    ...(options.natsStreamReplicas
      ? { NATS_STREAM_REPLICAS: String(options.natsStreamReplicas) }
      : {}),
  };
  const instancePorts = (name: ServiceName) =>
    Array.from(
      { length: options.scale?.[name] ?? 1 },
      (_, index) => at(name) + index * INSTANCE_PORT_STEP,
    );
  const services: ProcessSpec[] = SERVICES.flatMap((name) =>
    instancePorts(name).map((port, index) => ({
      name: index === 0 ? name : `${name}#${index + 1}`,
      cwd: path.join(ROOT, name),
      args: ['src/main.ts'],
      port,
      healthPath: '/health',
      env: {
        ...shared,
        PORT: String(port),
        // Internal: only the gateway on this machine reaches a service (and its /metrics).
        BIND_HOST: '127.0.0.1',
        // The calendar feed asks svc-community for the user's sessions and meetups.
        ...(name === 'svc-quests' ? { COMMUNITY_URL: local(at('svc-community')) } : {}),
        ...(name === 'svc-identity'
          ? {
              SESSION_KEYS: options.sessionKeys,
              ...(options.mailDir ? { MAIL_DIR: options.mailDir } : {}),
              ...(options.vapid
                ? {
                    VAPID_PUBLIC_KEY: options.vapid.publicKey,
                    VAPID_PRIVATE_KEY: options.vapid.privateKey,
                  }
                : {}),
              ...(options.adminUsernames ? { ADMIN_USERNAMES: options.adminUsernames } : {}),
              // Browsers come back from the provider to the gateway's origin.
              PUBLIC_URL: `http://localhost:${at('gateway')}`,
              ...(options.externalSignIn
                ? {
                    OIDC_ISSUER: options.externalSignIn.issuer,
                    OIDC_CLIENT_ID: options.externalSignIn.clientId,
                    ...(options.externalSignIn.clientSecret
                      ? { OIDC_CLIENT_SECRET: options.externalSignIn.clientSecret }
                      : {}),
                  }
                : {}),
            }
          : {}),
      },
    })),
  );
  // A scaled service is a list for the gateway, which spreads its requests over the instances.
  const instanceLists = Object.fromEntries(
    SERVICES.filter((name) => (options.scale?.[name] ?? 1) > 1).map((name) => [
      URLS_KEY[name],
      instancePorts(name).map(local).join(','),
    ]),
  );
  const frontends: ProcessSpec[] = (options.frontends === false ? [] : FRONTENDS).map((name) => ({
    name,
    cwd: path.join(ROOT, name),
    args: ['serve.ts'],
    port: at(name),
    healthPath: name === 'shell' ? '/' : '/mf-manifest.json',
    env: { PORT: String(at(name)), BIND_HOST: '127.0.0.1' },
  }));
  const gateways = Array.from({ length: options.gateways ?? 1 }, (_, index) => ({
    name: index === 0 ? 'gateway' : `gateway#${index + 1}`,
    port: at('gateway') + index * INSTANCE_PORT_STEP,
    metricsPort: at('gateway-metrics') + index * INSTANCE_PORT_STEP,
  }));
  const gatewaySpecs: ProcessSpec[] = gateways.map(({ name, port, metricsPort }) => ({
    name,
    cwd: path.join(ROOT, 'gateway'),
    args: ['src/main.ts'],
    port,
    healthPath: '/health',
    env: {
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      IDENTITY_SECRET: options.identitySecret,
      // Session revocations (identity.session_revoked) reach the gateway over NATS.
      ...(options.natsUrl ? { NATS_URL: options.natsUrl } : {}),
      ...(options.natsNamespace ? { NATS_NAMESPACE: options.natsNamespace } : {}),
      IDENTITY_URL: local(at('svc-identity')),
      QUESTS_URL: local(at('svc-quests')),
      GOALS_URL: local(at('svc-goals')),
      COMMUNITY_URL: local(at('svc-community')),
      FEEDBACK_URL: local(at('svc-feedback')),
      ...instanceLists,
      SHELL_URL: local(at('shell')),
      REMOTE_QUESTS_URL: local(at('mfe-quests')),
      REMOTE_GOALS_URL: local(at('mfe-goals')),
      REMOTE_COMMUNITY_URL: local(at('mfe-community')),
      REMOTE_PROGRESSION_URL: local(at('mfe-progression')),
    },
  }));
  return [...services, ...frontends, ...gatewaySpecs];
}

/** Where Prometheus (or a person with curl) reads each process's metrics. */
export function metricsUrls(processes: readonly ProcessSpec[], portOffset: number): string[] {
  return [
    `http://127.0.0.1:${portOf('gateway-metrics', portOffset)}/metrics (gateway)`,
    ...processes
      .filter((spec) => spec.name.startsWith('svc-'))
      .map((spec) => `http://127.0.0.1:${spec.port}/metrics (${spec.name})`),
  ];
}
