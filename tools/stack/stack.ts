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
  /**
   * How the gateways find each service's instances. 'lists' (the default): a scaled service is a list
   * of addresses (`QUESTS_URLS`). 'dns', as in Kubernetes: every instance listens on a loopback address
   * of its own (127.0.0.2, 127.0.0.3, ...; Linux routes all of 127/8 to loopback) on its service's port,
   * as pods do, and the gateways re-read `<service>.levelup.test` from `dnsServer` every DNS_REFRESH_MS.
   */
  discovery?: 'lists' | 'dns';
  /** With discovery 'dns': the DNS server ('address:port') that holds each service's ready instances. */
  dnsServer?: string;
}

export type ServiceName = (typeof SERVICES)[number];

/** Extra instances listen this far apart: svc-quests #2 on 4022, #3 on 4042 (plus the stack's offset). */
export const INSTANCE_PORT_STEP = 20;

/** With discovery 'dns': how often the gateways re-read the services' names. */
export const DNS_REFRESH_MS = 500;

/** The zone of the services' names with discovery 'dns' (a reserved name, never a real domain). */
const DNS_ZONE = 'levelup.test';

/** The name whose addresses are a service's ready instances (a headless Service's name). */
export const dnsNameOf = (service: ServiceName) => `${service}.${DNS_ZONE}`;

/** The gateway's variable for a service's one URL (gateway config.ts); its list of instances is this plus S. */
const URL_KEY: Record<ServiceName, string> = {
  'svc-identity': 'IDENTITY_URL',
  'svc-quests': 'QUESTS_URL',
  'svc-goals': 'GOALS_URL',
  'svc-community': 'COMMUNITY_URL',
  'svc-feedback': 'FEEDBACK_URL',
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
  /** The address it listens on (127.0.0.1, or an instance's own with discovery 'dns'). */
  host: string;
  port: number;
  healthPath: string;
  env: Record<string, string>;
  /** With discovery 'dns': the name its address belongs to while it is ready. */
  dnsName?: string;
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

/** One instance of a service and where it listens. */
export interface ServiceInstance {
  /** 'svc-quests', then 'svc-quests#2', ... */
  name: string;
  service: ServiceName;
  host: string;
  port: number;
}

/**
 * Every instance of every service in start order, and where each listens. 'lists': 127.0.0.1 and the
 * service's port, plus INSTANCE_PORT_STEP per further instance. 'dns': the service's port on an address
 * of the instance's own, 127.0.0.2 upwards, as each pod has its own IP.
 */
export function serviceInstances(
  options: Pick<StackOptions, 'portOffset' | 'scale' | 'discovery'>,
): ServiceInstance[] {
  let nextAddress = 2;
  return SERVICES.flatMap((service) =>
    Array.from({ length: options.scale?.[service] ?? 1 }, (_, index) => {
      const name = index === 0 ? service : `${service}#${index + 1}`;
      const port = portOf(service, options.portOffset);
      return options.discovery === 'dns'
        ? { name, service, host: `127.0.0.${nextAddress++}`, port }
        : { name, service, host: '127.0.0.1', port: port + index * INSTANCE_PORT_STEP };
    }),
  );
}

const urlOf = (instance: ServiceInstance) => `http://${instance.host}:${instance.port}`;

/** svc-identity's settings of its own: sessions, mail, push keys, admins, the sign-in provider. */
function identityEnv(options: StackOptions): Record<string, string> {
  return {
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
    PUBLIC_URL: `http://localhost:${portOf('gateway', options.portOffset)}`,
    ...(options.externalSignIn
      ? {
          OIDC_ISSUER: options.externalSignIn.issuer,
          OIDC_CLIENT_ID: options.externalSignIn.clientId,
          ...(options.externalSignIn.clientSecret
            ? { OIDC_CLIENT_SECRET: options.externalSignIn.clientSecret }
            : {}),
        }
      : {}),
  };
}

/** Every service instance's process. */
function serviceSpecs(options: StackOptions, instances: ServiceInstance[]): ProcessSpec[] {
  const shared = {
    MONGO_URL: options.mongoUrl,
    NATS_URL: options.natsUrl,
    IDENTITY_SECRET: options.identitySecret,
    ...(options.natsNamespace ? { NATS_NAMESPACE: options.natsNamespace } : {}),
    ...(options.natsStreamReplicas
      ? { NATS_STREAM_REPLICAS: String(options.natsStreamReplicas) }
      : {}),
  };
  const community = instances.find((instance) => instance.service === 'svc-community')!;
  return instances.map((instance) => ({
    name: instance.name,
    cwd: path.join(ROOT, instance.service),
    args: ['src/main.ts'],
    host: instance.host,
    port: instance.port,
    healthPath: '/health',
    env: {
      ...shared,
      PORT: String(instance.port),
      // Internal: only the gateway on this machine reaches a service (and its /metrics).
      BIND_HOST: instance.host,
      // The calendar feed asks svc-community for the user's sessions and meetups.
      ...(instance.service === 'svc-quests' ? { COMMUNITY_URL: urlOf(community) } : {}),
      ...(instance.service === 'svc-identity' ? identityEnv(options) : {}),
    },
    ...(options.discovery === 'dns' ? { dnsName: dnsNameOf(instance.service) } : {}),
  }));
}

/**
 * Where the gateways find the services. 'lists': each service's first instance, and a scaled service's
 * list, which the gateway spreads its requests over. 'dns': each service's name, which the gateways
 * re-read from the DNS server, each address an instance.
 */
function upstreamEnv(options: StackOptions, instances: ServiceInstance[]): Record<string, string> {
  if (options.discovery === 'dns') {
    if (!options.dnsServer) throw new Error("discovery 'dns' needs the DNS server (dnsServer)");
    const byName = (name: ServiceName) =>
      `http://${dnsNameOf(name)}:${portOf(name, options.portOffset)}`;
    return {
      ...Object.fromEntries(SERVICES.map((name) => [URL_KEY[name], byName(name)])),
      UPSTREAM_DNS_REFRESH_MS: String(DNS_REFRESH_MS),
      UPSTREAM_DNS_SERVER: options.dnsServer,
    };
  }
  return Object.fromEntries(
    SERVICES.flatMap((name) => {
      const urls = instances.filter((instance) => instance.service === name).map(urlOf);
      const one = [URL_KEY[name], urls[0]!];
      return urls.length > 1 ? [one, [`${URL_KEY[name]}S`, urls.join(',')]] : [one];
    }),
  );
}

/** The gateways: each further one on the gateway's ports plus INSTANCE_PORT_STEP times its place. */
function gatewaySpecs(options: StackOptions, instances: ServiceInstance[]): ProcessSpec[] {
  const at = (name: keyof typeof BASE_PORTS) => portOf(name, options.portOffset);
  const upstreams = upstreamEnv(options, instances);
  return Array.from({ length: options.gateways ?? 1 }, (_, index) => {
    const port = at('gateway') + index * INSTANCE_PORT_STEP;
    return {
      name: index === 0 ? 'gateway' : `gateway#${index + 1}`,
      cwd: path.join(ROOT, 'gateway'),
      args: ['src/main.ts'],
      host: '127.0.0.1',
      port,
      healthPath: '/health',
      env: {
        PORT: String(port),
        METRICS_PORT: String(at('gateway-metrics') + index * INSTANCE_PORT_STEP),
        METRICS_HOST: '127.0.0.1',
        IDENTITY_SECRET: options.identitySecret,
        // Session revocations (identity.session_revoked) reach the gateway over NATS.
        ...(options.natsUrl ? { NATS_URL: options.natsUrl } : {}),
        ...(options.natsNamespace ? { NATS_NAMESPACE: options.natsNamespace } : {}),
        ...upstreams,
        SHELL_URL: local(at('shell')),
        REMOTE_QUESTS_URL: local(at('mfe-quests')),
        REMOTE_GOALS_URL: local(at('mfe-goals')),
        REMOTE_COMMUNITY_URL: local(at('mfe-community')),
        REMOTE_PROGRESSION_URL: local(at('mfe-progression')),
      },
    };
  });
}

/** Services first, then the static servers (unless left out), then the gateway (stopped in the reverse order). */
export function stackProcesses(options: StackOptions): ProcessSpec[] {
  const instances = serviceInstances(options);
  const frontends: ProcessSpec[] = (options.frontends === false ? [] : FRONTENDS).map((name) => ({
    name,
    cwd: path.join(ROOT, name),
    args: ['serve.ts'],
    host: '127.0.0.1',
    port: portOf(name, options.portOffset),
    healthPath: name === 'shell' ? '/' : '/mf-manifest.json',
    env: { PORT: String(portOf(name, options.portOffset)), BIND_HOST: '127.0.0.1' },
  }));
  return [...serviceSpecs(options, instances), ...frontends, ...gatewaySpecs(options, instances)];
}

/** Where Prometheus (or a person with curl) reads each process's metrics. */
export function metricsUrls(processes: readonly ProcessSpec[], portOffset: number): string[] {
  return [
    `http://127.0.0.1:${portOf('gateway-metrics', portOffset)}/metrics (gateway)`,
    ...processes
      .filter((spec) => spec.name.startsWith('svc-'))
      .map((spec) => `http://${spec.host}:${spec.port}/metrics (${spec.name})`),
  ];
}
