import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gatewayConfigShape } from '../../gateway/src/config.ts';
import { communityEnv } from '../../svc-community/src/config.ts';
import { feedbackEnv } from '../../svc-feedback/src/config.ts';
import { goalsEnv } from '../../svc-goals/src/config.ts';
import { identityEnv } from '../../svc-identity/src/config.ts';
import { questsEnv } from '../../svc-quests/src/config.ts';
import { STREAMS } from '@levelup/contracts';
import { CONSUMER as COMMUNITY_CONSUMER } from '../../svc-community/src/app.ts';
import { QUESTS_CONSUMER } from '../../svc-goals/src/app.ts';
import { XP_CONSUMER } from '../../svc-identity/src/app.ts';
import {
  GENERATED_NAME,
  applyJsonPatch,
  contentSuffix,
  findObject,
  renderKustomization,
  type K8sObject,
} from './kustomize.ts';
import { modelModule, typeErrorsOf } from './manifest-types.ts';
import { OPS_USER, WORKLOADS } from '../nats/users.ts';
import { canConnect, type Endpoint } from './network-policy.ts';

// deploy/k8s: each overlay rendered (our renderer for the Kustomize features used, compared with
// `kubectl kustomize` where kubectl is installed), every object validated against the Kubernetes API
// schemas of kubernetes-models 5 (Kubernetes v1.36), and every deployable's environment read by its own
// config schema, the same way compose.test.ts reads docker-compose.yml.

const ROOT = path.resolve(import.meta.dirname, '../..');
const K8S = path.join(ROOT, 'deploy/k8s');
const OVERLAYS = ['dev', 'production'] as const;
const rendered = Object.fromEntries(
  OVERLAYS.map((name) => [name, renderKustomization(path.join(K8S, 'overlays', name))]),
) as Record<(typeof OVERLAYS)[number], K8sObject[]>;

const SERVICES = {
  'svc-identity': identityEnv,
  'svc-quests': questsEnv,
  'svc-goals': goalsEnv,
  'svc-community': communityEnv,
  'svc-feedback': feedbackEnv,
} as const;
/** The durable consumer of the QUESTS stream that KEDA scales each event consumer on, as its service names it. */
const CONSUMERS = {
  'svc-identity': XP_CONSUMER,
  'svc-goals': QUESTS_CONSUMER,
  'svc-community': COMMUNITY_CONSUMER,
};
const FRONTENDS = ['shell', 'mfe-quests', 'mfe-goals', 'mfe-community', 'mfe-progression'];
const DEPLOYABLES = ['gateway', ...Object.keys(SERVICES), ...FRONTENDS];

/**
 * Read by a process but not from its config schema (the logger), or by the kubelet only: NATS_URL is
 * built from NATS_ADDRESS and NATS_PASSWORD.
 */
const READ_OUTSIDE_SCHEMA = new Set(['LOG_LEVEL', 'NATS_ADDRESS', 'NATS_PASSWORD']);
/** The Secrets made in the cluster, never rendered in production: their names carry no hash. */
const CLUSTER_SECRETS = ['levelup-secrets', 'levelup-mongo', 'levelup-nats'];
/** Variables a schema has that the manifests leave unset on purpose, and why. */
const LEFT_UNSET: Record<string, Record<string, string>> = {
  common: {
    NATS_NAMESPACE: 'keeps test stacks apart on a shared NATS server; unset in a cluster',
    BIND_HOST:
      "a pod listens on every interface of its own network (the launcher's loopback is for one machine)",
  },
  'svc-identity': {
    MAIL_DIR:
      'the development mail sink; without a mail transport the confirmation link is logged as not sent',
    OIDC_ISSUER: 'external sign-in: set with the provider (docs/operations.md)',
    OIDC_CLIENT_ID: 'external sign-in',
    OIDC_CLIENT_SECRET: 'external sign-in (from a Secret)',
    REMINDER_TICK_MS: 'the default (every 15 seconds) suits a cluster',
    VAPID_PUBLIC_KEY:
      "optional: production's levelup-secrets has the key pair; none is committed for development",
    VAPID_PRIVATE_KEY: 'as above',
    PUSH_ALLOWED_HOSTS:
      'any push service on a public address (the sender refuses every other address)',
    PUSH_ALLOW_LOOPBACK_FOR_TESTS: "the tests' local push stand-in only; never in a deployment",
    PUSH_CONNECT_TIMEOUT_MS: 'the defaults (2 s to connect, 5 s a send) suit a cluster',
    PUSH_TIMEOUT_MS: 'as above',
    REMINDER_SEND_CONCURRENCY: 'the default (8 deliveries at once per pod) suits a cluster',
  },
  gateway: {
    METRICS_HOST: "every interface of the pod (Prometheus scrapes the pod's address)",
    SESSION_CACHE_MAX_ENTRIES:
      "the gateway's defaults bound the session cache (docs/operations.md)",
    SESSION_CACHE_MAX_BYTES: 'as above',
    IDENTITY_URLS: 'the headless name resolves to every pod (UPSTREAM_DNS_REFRESH_MS)',
    QUESTS_URLS: 'as above',
    GOALS_URLS: 'as above',
    COMMUNITY_URLS: 'as above',
    FEEDBACK_URLS: 'as above',
    UPSTREAM_DNS_SERVER:
      "the cluster's DNS through the system resolver (the rehearsal's stand-in only)",
  },
};

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string };
  };
}
interface Container {
  name: string;
  image: string;
  ports?: Array<{ name: string; containerPort: number }>;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: { httpGet?: { path: string; port: string } };
  livenessProbe?: { httpGet?: { path: string; port: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface Deployment extends K8sObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
      spec: { containers: Container[] };
    };
  };
}

function installed(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const kubectlInstalled = installed('kubectl', ['version', '--client']);

type Autoscaler = K8sObject & {
  spec: { scaleTargetRef: { name: string }; minReplicas: number; maxReplicas: number };
};
const autoscalers = (objects: K8sObject[]) =>
  objects.filter((object) => object.kind === 'HorizontalPodAutoscaler') as Autoscaler[];
type ScaledObject = K8sObject & {
  spec: {
    scaleTargetRef: { name: string };
    minReplicaCount: number;
    maxReplicaCount: number;
    triggers: Array<{ type: string; metadata: Record<string, string> }>;
  };
};
const scaledObjects = (objects: K8sObject[]) =>
  objects.filter((object) => object.kind === 'ScaledObject') as ScaledObject[];
/**
 * The pods a deployable runs when idle: its autoscaler's minimum (an HPA's, or KEDA's ScaledObject's)
 * where one owns it, else its replicas.
 */
const podsOf = (objects: K8sObject[], name: string) =>
  autoscalers(objects).find((hpa) => hpa.spec.scaleTargetRef.name === name)?.spec.minReplicas ??
  scaledObjects(objects).find((scaled) => scaled.spec.scaleTargetRef.name === name)?.spec
    .minReplicaCount ??
  deployment(objects, name).spec.replicas;

const deployment = (objects: K8sObject[], name: string) => {
  const found = findObject(objects, 'Deployment', name) as Deployment | undefined;
  if (!found) throw new Error(`no Deployment ${name}`);
  return found;
};
const containerOf = (objects: K8sObject[], name: string) =>
  deployment(objects, name).spec.template.spec.containers[0]!;

/**
 * A Secret's value in this render, or (production: created in the cluster) a stand-in that says so;
 * undefined for an optional key the Secret does not have (the process sees no variable).
 */
function secretValue(
  objects: K8sObject[],
  name: string,
  key: string,
  optional = false,
): string | undefined {
  const secret = findObject(objects, 'Secret', name) as
    | (K8sObject & { stringData?: Record<string, string>; data?: Record<string, string> })
    | undefined;
  if (!secret) return `<${name}/${key}, created in the cluster>`;
  const value =
    secret.stringData?.[key] ??
    (secret.data?.[key] ? Buffer.from(secret.data[key], 'base64').toString() : undefined);
  if (value === undefined && !optional) throw new Error(`Secret ${name} has no key ${key}`);
  return value;
}

function configMapData(objects: K8sObject[], name: string): Record<string, string> {
  const map = findObject(objects, 'ConfigMap', name) as
    (K8sObject & { data?: Record<string, string> }) | undefined;
  if (!map) throw new Error(`no ConfigMap ${name} in the render`);
  return map.data ?? {};
}

/** The container's environment as the process sees it: env, envFrom, ConfigMaps and Secrets resolved. */
function environmentOf(objects: K8sObject[], name: string): Record<string, string> {
  const container = containerOf(objects, name);
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, configMapData(objects, source.configMapRef.name));
    if (source.secretRef) throw new Error('envFrom a Secret is not used: name each key');
  }
  for (const variable of container.env ?? []) {
    const { secretKeyRef, configMapKeyRef } = variable.valueFrom ?? {};
    if (secretKeyRef) {
      const value = secretValue(
        objects,
        secretKeyRef.name,
        secretKeyRef.key,
        secretKeyRef.optional,
      );
      if (value !== undefined) env[variable.name] = value;
    } else if (configMapKeyRef) {
      const value = configMapData(objects, configMapKeyRef.name)[configMapKeyRef.key];
      if (value === undefined)
        throw new Error(`${name}: ConfigMap ${configMapKeyRef.name} has no ${configMapKeyRef.key}`);
      env[variable.name] = value;
    } else env[variable.name] = expandAsTheKubeletDoes(variable.value ?? '', env);
  }
  return env;
}

/**
 * A value's $(NAME) references, as the kubelet expands them: a variable defined before this one (envFrom
 * or an earlier env entry) is put in, any other reference stays as written, and $$ is a plain $.
 */
function expandAsTheKubeletDoes(value: string, defined: Record<string, string>): string {
  return value.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (match, name?: string) =>
    match === '$$' ? '$' : name !== undefined && name in defined ? defined[name]! : match,
  );
}

/** A rendered Deployment with one field misspelt deep inside, which the strict check must name. */
function misspeltDeployment(): Deployment {
  const object = structuredClone(rendered.dev.find((o) => o.kind === 'Deployment')!) as Deployment;
  (object.spec.template.spec.containers[0] as unknown as Record<string, unknown>).readinesProbe = {
    httpGet: { path: '/healthz', port: 'http' },
  };
  return object;
}

let compiled: ReturnType<typeof typeErrorsOf<'dev' | 'production' | 'misspelt'>> | undefined;
/** Both overlays and the misspelt sample, type-checked in one compile the first time it is asked for. */
const typeErrors = () =>
  (compiled ??= typeErrorsOf({ ...rendered, misspelt: [misspeltDeployment()] }));
// A compile of every kubernetes-models declaration takes seconds on a busy machine: the first test
// that asks waits for it (a limit on how long a check may hang, not a timing assertion).
beforeAll(typeErrors, 60_000);

/**
 * Kustomize breaks a generated Secret's long base64 values into lines; the API server's decoder skips
 * line breaks in base64, the schema's "byte" format does not, so the check reads them as the server does.
 */
function asTheApiServerReadsIt(object: K8sObject): K8sObject {
  const { data } = object as K8sObject & { data?: Record<string, string> };
  if (object.kind !== 'Secret' || !data) return object;
  return {
    ...object,
    data: Object.fromEntries(
      Object.entries(data).map(([key, value]) => [key, value.replace(/\n/g, '')]),
    ),
  };
}

type Validating = new (data: unknown) => { validate(): void };
/** The kubernetes-models class of an object: `apps/v1` Deployment is kubernetes-models/apps/v1/Deployment. */
async function modelOf(object: K8sObject): Promise<Validating> {
  const module = (await import(modelModule(object))) as Record<string, Validating>;
  const model = module[object.kind];
  if (!model) throw new Error(`kubernetes-models has no ${object.apiVersion} ${object.kind}`);
  return model;
}

describe.each(OVERLAYS)('deploy/k8s overlay %s', (overlay) => {
  const objects = rendered[overlay];
  /** A Secret's name in this render: hashed where the overlay generates it, as is where the cluster does. */
  const nameOf = (secret: string) => findObject(objects, 'Secret', secret)?.metadata.name ?? secret;

  it('when every object is validated against the Kubernetes v1.36 API schemas, then none is refused', async () => {
    expect(objects.length).toBeGreaterThan(30);
    const refused: string[] = [];
    for (const object of objects) {
      try {
        new (await modelOf(object))(asTheApiServerReadsIt(object)).validate();
      } catch (error) {
        refused.push(`${object.kind} ${object.metadata.name}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("when every object is typed as its API interface, then no field is one the API does not have and no value is of the wrong type (the schemas' additional fields, checked strictly)", () => {
    expect(typeErrors()[overlay]).toEqual([]);
  });

  // Without kubectl the comparison is reported as skipped, never as a pass.
  it.skipIf(!kubectlInstalled)(
    'when kubectl is installed, then `kubectl kustomize` renders the same objects as the test renderer',
    () => {
      const output = execFileSync('kubectl', ['kustomize', path.join(K8S, 'overlays', overlay)], {
        encoding: 'utf8',
      });
      const key = (object: K8sObject) =>
        `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
      const byKey = (list: K8sObject[]) =>
        Object.fromEntries(list.map((object) => [key(object), object]));
      expect(byKey(objects)).toEqual(byKey(yaml.loadAll(output) as K8sObject[]));
    },
  );

  it('when every deployable is looked up, then it is a Deployment with a Service, a disruption budget, probes, resources and a tagged image of the Dockerfile', () => {
    for (const name of DEPLOYABLES) {
      const workload = deployment(objects, name);
      const labels = workload.spec.template.metadata.labels;
      for (const [label, value] of Object.entries(workload.spec.selector.matchLabels))
        expect(labels[label], name).toBe(value);
      const container = containerOf(objects, name);
      expect(container.image, name).toMatch(new RegExp(`levelup/${name}:[\\w.-]+$`));
      expect(container.image, name).not.toMatch(/:latest$/);
      for (const kind of ['requests', 'limits'] as const)
        expect(Object.keys(container.resources?.[kind] ?? {}).sort(), `${name} ${kind}`).toEqual([
          'cpu',
          'memory',
        ]);
      const probes = {
        readiness: container.readinessProbe?.httpGet?.path,
        liveness: container.livenessProbe?.httpGet?.path,
      };
      // /readyz is for monitoring: as a readiness probe, one shared dependency's outage (or one
      // service's, for the gateway) would take every pod out at once (docs/operations.md).
      if (name === 'gateway' || name.startsWith('svc-'))
        expect(probes, name).toEqual({ readiness: '/healthz', liveness: '/healthz' });
      else
        expect(probes, name).toEqual({
          readiness: '/asset-list.json',
          liveness: '/asset-list.json',
        });

      const service = findObject(objects, 'Service', name) as
        | (K8sObject & {
            spec: {
              selector: Record<string, string>;
              clusterIP?: string;
              ports: Array<{ targetPort: string }>;
            };
          })
        | undefined;
      expect(service?.spec.selector, name).toEqual(workload.spec.selector.matchLabels);
      expect(service?.spec.ports.map((port) => port.targetPort)).toContain('http');
      // The gateway spreads requests over the services' pods itself: their names list every pod.
      if (name.startsWith('svc-')) expect(service?.spec.clusterIP, name).toBe('None');

      const budget = findObject(objects, 'PodDisruptionBudget', name) as
        (K8sObject & { spec: { selector: { matchLabels: Record<string, string> } } }) | undefined;
      expect(budget?.spec.selector.matchLabels, name).toEqual(workload.spec.selector.matchLabels);
    }
  });

  it('when Prometheus reads the scrape annotations, then they name the port each process serves /metrics on', () => {
    for (const name of ['gateway', ...Object.keys(SERVICES)]) {
      const annotations = deployment(objects, name).spec.template.metadata.annotations ?? {};
      const env = environmentOf(objects, name);
      expect(annotations['prometheus.io/scrape'], name).toBe('true');
      expect(annotations['prometheus.io/path'], name).toBe('/metrics');
      expect(annotations['prometheus.io/port'], name).toBe(
        name === 'gateway' ? env.METRICS_PORT : env.PORT,
      );
    }
  });

  it('when the gateway and svc-quests are looked up, then a HorizontalPodAutoscaler owns each count and the Deployment sets none', () => {
    const autoscaled = autoscalers(objects);
    expect(autoscaled.map((hpa) => hpa.spec.scaleTargetRef.name).sort()).toEqual([
      'gateway',
      'svc-quests',
    ]);
    for (const hpa of autoscaled) {
      // A replicas field beside an autoscaler resets the scaled-out count on every apply.
      expect(
        deployment(objects, hpa.spec.scaleTargetRef.name).spec,
        hpa.metadata.name,
      ).not.toHaveProperty('replicas');
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    }
  });

  it('when the event consumers are looked up, then KEDA scales each on the lag of a durable consumer its service creates and on CPU, and the Deployment sets no count', () => {
    const scaled = scaledObjects(objects);
    expect(
      Object.fromEntries(
        scaled.map((one) => [
          one.spec.scaleTargetRef.name,
          one.spec.triggers[0]?.metadata.consumer,
        ]),
      ),
    ).toEqual(CONSUMERS);
    const namespace = overlay === 'dev' ? 'levelup-dev' : 'levelup';
    for (const one of scaled) {
      const name = one.spec.scaleTargetRef.name;
      expect(deployment(objects, name).spec, name).not.toHaveProperty('replicas');
      expect(one.spec.maxReplicaCount, name).toBeGreaterThan(one.spec.minReplicaCount);
      expect(
        one.spec.triggers.map((trigger) => trigger.type),
        name,
      ).toEqual(['nats-jetstream', 'cpu']);
      expect(one.spec.triggers[0]!.metadata, name).toMatchObject({
        stream: STREAMS.QUESTS.name,
        account: '$G',
        natsServerMonitoringEndpoint: `nats-headless.${namespace}.svc.cluster.local:8222`,
      });
      // Nothing else scales it (a second HorizontalPodAutoscaler would fight KEDA's).
      expect(autoscalers(objects).map((hpa) => hpa.spec.scaleTargetRef.name)).not.toContain(name);
    }
  });

  it("when a deployable's environment is read by its own config schema, then every variable it reads is set (or left unset on purpose) and it parses", () => {
    const shapes: Record<string, z.ZodRawShape> = { ...SERVICES, gateway: gatewayConfigShape };
    for (const [name, shape] of Object.entries(shapes)) {
      const env = environmentOf(objects, name);
      const unset = { ...LEFT_UNSET.common, ...LEFT_UNSET[name] };
      const read = Object.keys(shape).filter((key) => !(key in unset));
      expect(
        read.filter((key) => !(key in env)),
        `${name}: read but not set`,
      ).toEqual([]);
      expect(
        Object.keys(env).filter((key) => !(key in shape) && !READ_OUTSIDE_SCHEMA.has(key)),
        `${name}: set but read by nobody`,
      ).toEqual([]);
      const parsed = z.object(shape).safeParse(env);
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      // One identity secret everywhere, or every signed identity is refused.
      expect(env.IDENTITY_SECRET, name).toBe(environmentOf(objects, 'gateway').IDENTITY_SECRET);
    }
    for (const name of FRONTENDS)
      expect(Number(environmentOf(objects, name).PORT), name).toBe(
        containerOf(objects, name).ports?.[0]?.containerPort,
      );
  });

  it('when a workload signs in to NATS, then as its own user with the password under its own name in levelup-nats', () => {
    const address = configMapData(objects, 'levelup-config').NATS_ADDRESS;
    expect(address).toBe('nats:4222');
    for (const name of ['gateway', ...Object.keys(SERVICES)]) {
      const password = containerOf(objects, name).env?.find((v) => v.name === 'NATS_PASSWORD');
      expect(password?.valueFrom?.secretKeyRef, name).toEqual({
        name: nameOf('levelup-nats'),
        key: name,
      });
      expect(
        WORKLOADS.map((w) => w.user),
        name,
      ).toContain(name);
      // Expanded as the kubelet does: a reference to a variable not defined before it stays as written.
      const url = environmentOf(objects, name).NATS_URL!;
      expect(url, name).not.toContain('$(');
      expect(url, name).toBe(
        `nats://${name}:${secretValue(objects, 'levelup-nats', name)}@${address}`,
      );
    }
    // The server's own users: every workload's and the operator's passwords are in the Secret.
    if (overlay === 'dev')
      for (const user of [...WORKLOADS.map((w) => w.user), OPS_USER])
        // A letter first: the NATS server reads it as a configuration value (nats-auth.test.ts).
        expect(secretValue(objects, 'levelup-nats', user), user).toMatch(/^[a-z][a-z0-9-]+$/);
  });

  it('when a service signs in to MongoDB, then its MONGO_URL is under its own name in levelup-mongo, and names its own user and database', () => {
    for (const name of Object.keys(SERVICES)) {
      const env = containerOf(objects, name).env ?? [];
      expect(env.find((v) => v.name === 'MONGO_URL')?.valueFrom?.secretKeyRef, name).toEqual({
        name: nameOf('levelup-mongo'),
        key: name,
      });
      if (overlay !== 'dev') continue;
      const url = new URL(environmentOf(objects, name).MONGO_URL!);
      expect(
        {
          user: url.username,
          database: url.pathname,
          authSource: url.searchParams.get('authSource'),
        },
        name,
      ).toEqual({
        user: name,
        database: `/${environmentOf(objects, name).MONGO_DB}`,
        authSource: 'admin',
      });
    }
    // Nothing reads a shared MONGO_URL any more.
    if (overlay === 'dev')
      expect(secretValue(objects, 'levelup-secrets', 'MONGO_URL', true)).toBeUndefined();
  });

  it('when the gateway names an upstream, then a Service of that name exists on that port', () => {
    const env = environmentOf(objects, 'gateway');
    const urls = Object.entries(env).filter(([key]) => key.endsWith('_URL') && key !== 'NATS_URL');
    expect(urls).toHaveLength(10);
    for (const [key, value] of urls) {
      const url = new URL(value);
      const service = findObject(objects, 'Service', url.hostname) as
        (K8sObject & { spec: { ports: Array<{ port: number }> } }) | undefined;
      expect(
        service?.spec.ports.map((port) => String(port.port)),
        key,
      ).toContain(url.port);
    }
  });
});

describe('deploy/k8s overlays compared', () => {
  it('when production is rendered, then no Secret is in it, streams keep three copies, cookies need HTTPS and images come from the registry', () => {
    const production = rendered.production;
    expect(production.filter((object) => object.kind === 'Secret')).toEqual([]);
    expect(configMapData(production, 'levelup-config').NATS_STREAM_REPLICAS).toBe('3');
    expect(environmentOf(production, 'svc-identity').COOKIE_SECURE).toBe('true');
    expect(podsOf(production, 'svc-quests')).toBe(3);
    for (const name of DEPLOYABLES.filter((name) => name !== 'svc-quests'))
      expect(podsOf(production, name), name).toBe(2);
    for (const name of DEPLOYABLES)
      expect(containerOf(production, name).image).toMatch(
        /^registry\.example\.com\/levelup\/[\w-]+:\d/,
      );
    for (const object of production.filter((o) => o.kind !== 'Namespace'))
      expect(object.metadata.namespace).toBe('levelup');
  });

  it("when production's autoscalers reach their maxima, then there are the pods docs/capacity.md says 1M daily users need", () => {
    const capacity = readFileSync(path.join(ROOT, 'docs/capacity.md'), 'utf8');
    /** The last column (1M DAU) of the model's row for `name`: its pod count. */
    const podsFor1M = (name: string) => {
      const row = capacity.split('\n').find((line) => line.startsWith(`| ${name} pods |`));
      return Number(/\| (\d+) \([\d,]+ m\) \|$/.exec(row ?? '')?.[1]);
    };
    for (const name of ['gateway', 'svc-quests']) {
      const hpa = autoscalers(rendered.production).find(
        (one) => one.spec.scaleTargetRef.name === name,
      )!;
      expect(podsFor1M(name), name).toBeGreaterThan(0);
      expect(hpa.spec.maxReplicas, name).toBeGreaterThanOrEqual(podsFor1M(name));
    }
  });

  it('when dev is rendered, then one pod of each runs with the development Secret and one stream copy', () => {
    const dev = rendered.dev;
    for (const name of DEPLOYABLES) expect(podsOf(dev, name), name).toBe(1);
    expect(configMapData(dev, 'levelup-config').NATS_STREAM_REPLICAS).toBe('1');
    expect(findObject(dev, 'Secret', 'levelup-secrets')).toBeDefined();
  });
});

describe.each(OVERLAYS)('who may talk to whom in overlay %s', (overlay) => {
  const objects = rendered[overlay];
  const namespace = overlay === 'dev' ? 'levelup-dev' : 'levelup';
  /** One of our pods, as its Deployment makes it. */
  const pod = (name: string): Endpoint => {
    const workload = deployment(objects, name);
    const container = workload.spec.template.spec.containers[0]!;
    return {
      namespace,
      labels: workload.spec.template.metadata.labels,
      ports: Object.fromEntries((container.ports ?? []).map((p) => [p.name, p.containerPort])),
    };
  };
  const portOf = (name: string, portName = 'http') =>
    containerOf(objects, name).ports!.find((p) => p.name === portName)!.containerPort;
  const reach = (from: Endpoint, name: string, portName = 'http') =>
    canConnect(objects, namespace, from, pod(name), portOf(name, portName));
  const services = Object.keys(SERVICES);
  const ingressController: Endpoint = {
    namespace: 'ingress-nginx',
    labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
  };
  const prometheus: Endpoint = {
    namespace: 'monitoring',
    labels: { 'app.kubernetes.io/name': 'prometheus' },
  };
  const strangerOutside: Endpoint = { namespace: 'other-team', labels: { app: 'anything' } };
  const strangerInside: Endpoint = { namespace, labels: { app: 'debug-shell' } };
  const store: Endpoint = { namespace, labels: { app: 'levelup-mongodb-svc' } };

  it('when anyone but the Ingress controller calls a gateway, then only the controller gets through', () => {
    expect(reach(ingressController, 'gateway')).toBe(true);
    for (const stranger of [strangerOutside, strangerInside, pod('svc-quests'), pod('shell')])
      expect(reach(stranger, 'gateway')).toBe(false);
  });

  it('when a service or a static server is called, then only the gateways get through (and svc-quests to svc-community)', () => {
    for (const name of [...services, ...FRONTENDS]) {
      expect(reach(pod('gateway'), name), name).toBe(true);
      for (const stranger of [strangerOutside, strangerInside, ingressController])
        expect(reach(stranger, name), name).toBe(false);
    }
    expect(reach(pod('svc-quests'), 'svc-community')).toBe(true);
    expect(reach(pod('svc-goals'), 'svc-community')).toBe(false);
    expect(reach(pod('svc-community'), 'svc-quests')).toBe(false);
    expect(reach(pod('shell'), 'svc-identity')).toBe(false);
  });

  it('when Prometheus scrapes, then it reaches the metrics ports of the gateways and services, and nothing else', () => {
    expect(reach(prometheus, 'gateway', 'metrics')).toBe(true);
    for (const name of services) expect(reach(prometheus, name), name).toBe(true);
    expect(reach(prometheus, 'shell')).toBe(false);
    expect(reach(strangerInside, 'gateway', 'metrics')).toBe(false);
  });

  it('when a pod opens MongoDB or NATS, then only the services (and the gateways, NATS) get through', () => {
    for (const name of services) {
      expect(canConnect(objects, namespace, pod(name), store, 27017), name).toBe(true);
      expect(canConnect(objects, namespace, pod(name), store, 4222), name).toBe(true);
    }
    expect(canConnect(objects, namespace, pod('gateway'), store, 4222)).toBe(true);
    expect(canConnect(objects, namespace, pod('gateway'), store, 27017)).toBe(false);
    expect(canConnect(objects, namespace, pod('mfe-goals'), store, 27017)).toBe(false);
  });

  it('when a pod goes out to the internet, then only svc-identity does, over HTTPS to public addresses', () => {
    const internet = { ip: '203.0.114.10' };
    expect(canConnect(objects, namespace, pod('svc-identity'), internet, 443)).toBe(true);
    for (const inside of ['10.1.2.3', '169.254.169.254', '172.20.0.1', '192.168.1.1', '127.0.0.1'])
      expect(canConnect(objects, namespace, pod('svc-identity'), { ip: inside }, 443), inside).toBe(
        false,
      );
    expect(canConnect(objects, namespace, pod('svc-identity'), internet, 80)).toBe(false);
    for (const name of ['gateway', 'svc-quests', 'shell'])
      expect(canConnect(objects, namespace, pod(name), internet, 443), name).toBe(false);
  });

  it('when the namespace admits pods under the restricted Pod Security Standard, then every pod meets it', () => {
    const labels = findObject(objects, 'Namespace', namespace)?.metadata.labels ?? {};
    expect(labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const name of DEPLOYABLES) {
      const spec = deployment(objects, name).spec.template.spec as {
        securityContext?: { runAsNonRoot?: boolean; seccompProfile?: { type: string } };
        containers: Array<{
          securityContext?: {
            allowPrivilegeEscalation?: boolean;
            capabilities?: { drop?: string[]; add?: string[] };
          };
        }>;
      };
      expect(spec.securityContext?.runAsNonRoot, name).toBe(true);
      expect(spec.securityContext?.seccompProfile?.type, name).toBe('RuntimeDefault');
      for (const container of spec.containers) {
        expect(container.securityContext?.allowPrivilegeEscalation, name).toBe(false);
        expect(container.securityContext?.capabilities?.drop, name).toEqual(['ALL']);
        expect(container.securityContext?.capabilities?.add, name).toBeUndefined();
      }
    }
  });

  it('when a pod starts, then it runs as its own ServiceAccount with no API token mounted', () => {
    for (const name of DEPLOYABLES) {
      const spec = deployment(objects, name).spec.template.spec as {
        serviceAccountName?: string;
        automountServiceAccountToken?: boolean;
      };
      expect(spec.serviceAccountName, name).toBe(name);
      expect(spec.automountServiceAccountToken, name).toBe(false);
      const account = findObject(objects, 'ServiceAccount', name) as
        (K8sObject & { automountServiceAccountToken?: boolean }) | undefined;
      expect(account?.automountServiceAccountToken, name).toBe(false);
    }
  });
});

describe('configuration that rolls the pods reading it', () => {
  /** Every name a container gives a ConfigMap or a Secret, across every Deployment of a render. */
  const referencedNames = (objects: K8sObject[]) =>
    objects
      .filter((object) => object.kind === 'Deployment')
      .flatMap((object) => (object as Deployment).spec.template.spec.containers)
      .flatMap((container) => [
        ...(container.envFrom ?? []).map((source) => source.configMapRef?.name),
        ...(container.env ?? []).map(
          ({ valueFrom }) => valueFrom?.configMapKeyRef?.name ?? valueFrom?.secretKeyRef?.name,
        ),
      ])
      .filter((name): name is string => name !== undefined);

  it('when the overlays are rendered, then every generated ConfigMap and Secret is named by its content and every reference names that', () => {
    for (const overlay of OVERLAYS) {
      const objects = rendered[overlay];
      const generated = objects
        .filter((object) => object.kind === 'ConfigMap' || object.kind === 'Secret')
        .map((object) => object.metadata.name);
      expect(generated.length, overlay).toBeGreaterThanOrEqual(3);
      for (const name of generated) expect(name, overlay).toMatch(GENERATED_NAME);
      // Production's Secrets are made in the cluster: the names without a hash.
      const names = new Set([...generated, ...CLUSTER_SECRETS]);
      for (const name of referencedNames(objects)) expect(names.has(name), name).toBe(true);
    }
  });

  it('when a value differs, then the name differs, so a changed value rolls the pods that read it', () => {
    // The overlays differ in two values of levelup-config and levelup-public, and in nothing else.
    const nameOf = (overlay: (typeof OVERLAYS)[number], name: string) =>
      findObject(rendered[overlay], 'ConfigMap', name)!.metadata.name;
    expect(nameOf('dev', 'levelup-config')).not.toBe(nameOf('production', 'levelup-config'));
    expect(nameOf('dev', 'levelup-public')).not.toBe(nameOf('production', 'levelup-public'));
    expect(nameOf('dev', 'levelup-remotes')).toBe(nameOf('production', 'levelup-remotes'));
    const gateway = (overlay: (typeof OVERLAYS)[number]) =>
      referencedNames([deployment(rendered[overlay], 'gateway')]);
    expect(gateway('dev')).toContain(nameOf('dev', 'levelup-config'));
    expect(gateway('production')).toContain(nameOf('production', 'levelup-config'));
  });

  it("when a ConfigMap's name suffix is computed, then it is Kustomize's (values from kubectl kustomize)", () => {
    const configMap = (data: Record<string, string>): K8sObject => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c' },
      data,
    });
    expect(contentSuffix(configMap({ A: 'b' }))).toBe('b9t2424hkf');
    expect(
      contentSuffix(configMap({ NATS_URL: 'nats://nats:4222', NATS_STREAM_REPLICAS: '1' })),
    ).toBe('5288dfb6bf');
  });
});

describe('the strict field check', () => {
  it('when a field is misspelt deep inside a Deployment, then it is named', () => {
    expect(typeErrors().misspelt).toEqual([
      expect.stringMatching(
        /^Deployment \S+: .*'"readinesProbe"' does not exist in type 'IContainer'/,
      ),
    ]);
  });
});

describe('the test renderer', () => {
  it('when a JSON patch adds, replaces and removes, then the object changes as RFC 6902 says, and a path that is not there is an error', () => {
    const object = { spec: { replicas: 2, list: ['a', 'c'], keep: 1, drop: true } };
    applyJsonPatch(object, [
      { op: 'replace', path: '/spec/replicas', value: 3 },
      { op: 'add', path: '/spec/list/1', value: 'b' },
      { op: 'add', path: '/spec/list/-', value: 'd' },
      { op: 'remove', path: '/spec/drop' },
    ]);
    expect(object).toEqual({ spec: { replicas: 3, list: ['a', 'b', 'c', 'd'], keep: 1 } });
    expect(() =>
      applyJsonPatch(object, [{ op: 'replace', path: '/spec/missing', value: 1 }]),
    ).toThrow(/nothing to replace/);
    expect(() => applyJsonPatch(object, [{ op: 'remove', path: '/nope/deeper' }])).toThrow(
      /nothing at 'nope'/,
    );
  });
});
