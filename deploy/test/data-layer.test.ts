import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeObjects, compile, schemaOfDefaults, type Check } from './closed-schema.ts';
import { findObject, renderKustomization, type K8sObject } from './kustomize.ts';
import { partialTypeErrorsOf, type PartialValue } from './partial-types.ts';
import { NATS_SECRET, renderHelmAuthValues } from '../nats/helm-values.ts';
import { OPS_USER, WORKLOADS, passwordEnvOf, publishAllowOf } from '../nats/users.ts';

// The data layer: MongoDB as the MongoDB Community operator's resource (deploy/k8s/data) checked against
// the operator's CRD, and NATS as values of the official Helm chart (deploy/nats/helm) checked against
// the chart's own defaults (it publishes no values schema), both with unknown fields refused; the parts
// each leaves open typed as the Kubernetes objects they become; and every user, database and Secret
// matched with the services, the app's manifests and docs/operations.md. The development variants
// (deploy/k8s/data-dev, values-dev.yaml: one node, namespace levelup-dev) are checked the same way and
// against the dev overlay.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCHEMAS = path.join(import.meta.dirname, 'schemas');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const clone = <T>(value: T): T => structuredClone(value);

const MONGO_OPERATOR = '0.13.0';
const NATS_CHART = '2.14.2';
const SERVICES = ['svc-identity', 'svc-quests', 'svc-goals', 'svc-community', 'svc-feedback'];

interface MongoUser {
  name: string;
  db: string;
  passwordSecretRef: { name: string; key?: string };
  roles: Array<{ name: string; db: string }>;
  connectionStringSecretName?: string;
}
interface StatefulSetOverride {
  template: {
    spec: {
      containers: Array<{ name: string; resources?: { requests?: object; limits?: object } }>;
      affinity?: {
        podAntiAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: unknown[] };
      };
      topologySpreadConstraints?: Array<{ topologyKey: string }>;
    };
  };
  volumeClaimTemplates: Array<{
    metadata: { name: string };
    spec: { resources: { requests: { storage?: string } } };
  }>;
}
interface MongoSpec {
  type: string;
  members: number;
  version: string;
  security: { authentication: { modes: string[] } };
  users: MongoUser[];
  statefulSet: { spec: StatefulSetOverride };
}
type MongoResource = K8sObject & { spec: MongoSpec };

type EnvSource = { valueFrom: { secretKeyRef: { name: string; key: string } } };
interface NatsValues {
  config: {
    cluster: { enabled: boolean; replicas: number };
    jetstream: { enabled: boolean; fileStore: { enabled: boolean; pvc: { size: string } } };
    merge: { authorization: { users: Array<{ user: string; password: string }> } };
  };
  container: { resources: object; env: Record<string, EnvSource> };
  podTemplate: { topologySpreadConstraints: Record<string, object> };
}

// ---------------------------------------------------------------------------------------------------
// The MongoDB resource and the operator's CRD

const dataObjects = renderKustomization(path.join(ROOT, 'deploy/k8s/data'));
const mongo = dataObjects.find((o) => o.kind === 'MongoDBCommunity') as MongoResource;

interface Crd {
  spec: {
    group: string;
    names: { kind: string };
    versions: Array<{ name: string; schema: { openAPIV3Schema: unknown } }>;
  };
}
const crd = yaml.load(
  readFileSync(path.join(SCHEMAS, `mongodbcommunity-crd-v${MONGO_OPERATOR}.yaml`), 'utf8'),
) as Crd;
const crdVersion = crd.spec.versions.find((v) => v.name === 'v1')!;
const checkMongo: Check = compile(closeObjects(crdVersion.schema.openAPIV3Schema));

// ---------------------------------------------------------------------------------------------------
// The NATS values and the chart's defaults

const loadYaml = (file: string) => yaml.load(read(file)) as Record<string, unknown>;
const natsBase = loadYaml('deploy/nats/helm/values.yaml');
const natsAuth = loadYaml('deploy/nats/helm/values-auth.yaml');

/** Helm's merge of several -f files: maps merged key by key, anything else replaced by the later file. */
function helmMerge(base: unknown, over: unknown): unknown {
  const isMap = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isMap(base) || !isMap(over)) return over;
  const merged = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = helmMerge(base[key], value);
  return merged;
}
const natsValues = helmMerge(natsBase, natsAuth) as NatsValues;

/**
 * Where the chart reads whatever it is given: its `merge` and `patch` points (NATS configuration or
 * Kubernetes fields, checked below by other means) and the values documented as free-form.
 */
const OPEN_IN_CHART = new Set(['merge', 'patch', 'extraResources']);
const chartDefaults = yaml.load(
  readFileSync(path.join(SCHEMAS, `nats-chart-${NATS_CHART}-values.yaml`), 'utf8'),
);
const checkNats: Check = compile(
  schemaOfDefaults(chartDefaults, (at) => OPEN_IN_CHART.has(at[at.length - 1] ?? '')),
);

// ---------------------------------------------------------------------------------------------------
// The development data layer: deploy/k8s/data-dev, and values-dev.yaml layered on production's values

const DEV_NAMESPACE = 'levelup-dev';
const devDataObjects = renderKustomization(path.join(ROOT, 'deploy/k8s/data-dev'));
const devMongo = devDataObjects.find((o) => o.kind === 'MongoDBCommunity') as MongoResource;
const natsDev = loadYaml('deploy/nats/helm/values-dev.yaml');
const devNatsValues = helmMerge(natsValues, natsDev) as NatsValues;

// ---------------------------------------------------------------------------------------------------
// What the CRD and the chart leave open, typed as Kubernetes objects (one compile, in beforeAll)

const MODELS = 'kubernetes-models';
const STATEFUL_SET = { module: `${MODELS}/apps/v1/StatefulSetSpec`, type: 'IStatefulSetSpec' };
const RESOURCES = { module: `${MODELS}/v1/ResourceRequirements`, type: 'IResourceRequirements' };
const SPREAD = {
  module: `${MODELS}/v1/TopologySpreadConstraint`,
  type: 'ITopologySpreadConstraint',
};
const ENV_VAR = { module: `${MODELS}/v1/EnvVar`, type: 'IEnvVar' };

function openPartsOf(resource: MongoResource, values: NatsValues, tag: string): PartialValue[] {
  return [
    { label: `${tag} statefulSet`, ...STATEFUL_SET, value: resource.spec.statefulSet.spec },
    { label: `${tag} resources`, ...RESOURCES, value: values.container.resources },
    ...Object.entries(values.podTemplate.topologySpreadConstraints).map(([key, rule]) => ({
      label: `${tag} spread ${key}`,
      ...SPREAD,
      value: rule,
    })),
    // The chart makes each entry of container.env a container's variable named by its key.
    ...Object.entries(values.container.env).map(([name, source]) => ({
      label: `${tag} env ${name}`,
      ...ENV_VAR,
      value: { name, ...source },
    })),
  ];
}

/** The same values with a field misspelt, and with a value of the wrong type, in each open part. */
function plantedParts(): { misspelt: PartialValue[]; wrongType: PartialValue[] } {
  const misspelt = { resource: clone(mongo), values: clone(natsValues) };
  const tsc = misspelt.resource.spec.statefulSet.spec.template.spec as Record<string, unknown>;
  tsc.topologySpreadConstraint = tsc.topologySpreadConstraints;
  delete tsc.topologySpreadConstraints;
  (misspelt.values.container.resources as Record<string, unknown>).request = {};
  const wrong = { resource: clone(mongo), values: clone(natsValues) };
  wrong.resource.spec.statefulSet.spec.template.spec.containers[0]!.name = 42 as never;
  (
    wrong.values.podTemplate.topologySpreadConstraints['kubernetes.io/hostname'] as {
      maxSkew: unknown;
    }
  ).maxSkew = 'one';
  return {
    misspelt: openPartsOf(misspelt.resource, misspelt.values, 'misspelt'),
    wrongType: openPartsOf(wrong.resource, wrong.values, 'wrong'),
  };
}

let typeErrors: Map<string, string[]>;
const planted = plantedParts();
beforeAll(() => {
  typeErrors = partialTypeErrorsOf([
    ...openPartsOf(mongo, natsValues, 'real'),
    ...openPartsOf(devMongo, devNatsValues, 'dev'),
    ...planted.misspelt,
    ...planted.wrongType,
  ]);
}, 60_000);

const errorsOf = (prefix: string) =>
  [...typeErrors].filter(([label]) => label.startsWith(`${prefix} `)).flatMap(([, e]) => e);

const kubectlInstalled = spawnSync('kubectl', ['version', '--client']).status === 0;

/** What `kubectl kustomize` renders of the folder (under the repository's root). */
function kubectlKustomize(dir: string): K8sObject[] {
  const output = spawnSync('kubectl', ['kustomize', path.join(ROOT, dir)], { encoding: 'utf8' });
  expect(output.status, output.stderr).toBe(0);
  return yaml.loadAll(output.stdout) as K8sObject[];
}

// ---------------------------------------------------------------------------------------------------
// docs/operations.md: the Secrets it tells the operator to create

const operations = read('docs/operations.md');

/** Each `kubectl create secret generic <name> ... --from-literal=<key>=...` of the doc, by name. */
function secretsCreatedIn(doc: string): Map<string, Set<string>> {
  const commands = doc.replace(/\\\n\s*/g, ' ').match(/kubectl create secret generic [^\n`]+/g);
  const created = new Map<string, Set<string>>();
  for (const command of commands ?? []) {
    const name = /generic (\S+)/.exec(command)![1]!;
    const keys = [...command.matchAll(/--from-literal=([^=\s]+)=/g)].map((m) => m[1]!);
    created.set(name, new Set([...(created.get(name) ?? []), ...keys]));
  }
  return created;
}

// ---------------------------------------------------------------------------------------------------

describe('MongoDB: the MongoDBCommunity resource', () => {
  it(`when it is validated against the operator ${MONGO_OPERATOR} CRD with unknown fields refused, then it is accepted`, () => {
    expect(dataObjects.map((o) => `${o.kind} ${o.metadata.name}`)).toEqual([
      'MongoDBCommunity levelup-mongodb',
    ]);
    expect(mongo.apiVersion).toBe(`${crd.spec.group}/${crdVersion.name}`);
    expect(mongo.kind).toBe(crd.spec.names.kind);
    expect(mongo.metadata.namespace).toBe('levelup');
    expect(checkMongo(mongo)).toEqual([]);
  });

  // Without kubectl the comparison is reported as skipped, never as a pass.
  it.skipIf(!kubectlInstalled)(
    'when kubectl is installed, then `kubectl kustomize deploy/k8s/data` renders the same resource as the test renderer',
    () => {
      expect(kubectlKustomize('deploy/k8s/data')).toEqual(dataObjects);
    },
  );

  it('when a field is misspelt or of the wrong type, then the CRD schema refuses it', () => {
    const misspelt = clone(mongo);
    (misspelt.spec as unknown as Record<string, unknown>).memebrs = misspelt.spec.members;
    const nested = clone(mongo);
    (nested.spec.users[0]!.passwordSecretRef as Record<string, unknown>).nmae = 'x';
    const wrongType = clone(mongo);
    (wrongType.spec as unknown as Record<string, unknown>).members = '3';
    const wrongEnum = clone(mongo);
    wrongEnum.spec.type = 'Sharded';

    expect(checkMongo(misspelt)).toContain(
      "/spec: should NOT have additional properties 'memebrs'",
    );
    expect(checkMongo(nested)).toContain(
      "/spec/users/0/passwordSecretRef: should NOT have additional properties 'nmae'",
    );
    expect(checkMongo(wrongType)).toContain('/spec/members: should be integer');
    expect(checkMongo(wrongEnum).join()).toMatch(/\/spec\/type: should be equal to one of/);
  });

  it('when its StatefulSet override is typed as a Kubernetes StatefulSetSpec, then it has no field the API lacks, and a misspelt field or a wrong type is refused', () => {
    expect(typeErrors.get('real statefulSet')).toEqual([]);
    expect(typeErrors.get('misspelt statefulSet')!.join()).toMatch(/"topologySpreadConstraint"/);
    expect(typeErrors.get('wrong statefulSet')!.join()).toMatch(
      /Type 'number' is not assignable to type 'string'/,
    );
  });

  it('when the replica set is read, then three members of a pinned MongoDB 7.0.x with SCRAM, sized claims, resources for mongod, one member per node and spread over zones', () => {
    const { spec } = mongo;
    expect([spec.type, spec.members]).toEqual(['ReplicaSet', 3]);
    expect(spec.version).toMatch(/^7\.0\.\d+$/);
    expect(spec.security.authentication.modes).toEqual(['SCRAM']);
    const sts = spec.statefulSet.spec;
    const claims = Object.fromEntries(
      sts.volumeClaimTemplates.map((c) => [c.metadata.name, c.spec.resources.requests.storage]),
    );
    expect(Object.keys(claims).sort()).toEqual(['data-volume', 'logs-volume']);
    for (const size of Object.values(claims)) expect(size).toMatch(/^\d+Gi$/);
    const mongod = sts.template.spec.containers.find((c) => c.name === 'mongod');
    expect(mongod?.resources?.requests).toBeDefined();
    expect(mongod?.resources?.limits).toBeDefined();
    const antiAffinity = sts.template.spec.affinity?.podAntiAffinity;
    expect(antiAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toContainEqual(
      expect.objectContaining({ topologyKey: 'kubernetes.io/hostname' }),
    );
    expect(sts.template.spec.topologySpreadConstraints?.map((c) => c.topologyKey)).toContain(
      'topology.kubernetes.io/zone',
    );
  });

  it('when its users are compared with the services, then each service has one, readWrite on the database its Deployment and init-users.js name and nothing else', () => {
    const initUsers = Object.fromEntries(
      [...read('deploy/mongo/init-users.js').matchAll(/'(svc-[a-z]+)': '(levelup_[a-z]+)'/g)].map(
        (m) => [m[1]!, m[2]!],
      ),
    );
    const production = renderKustomization(path.join(ROOT, 'deploy/k8s/overlays/production'));
    const mongoDbOf = (service: string) => {
      const deployment = production.find(
        (o) => o.kind === 'Deployment' && o.metadata.name === service,
      ) as unknown as {
        spec: {
          template: {
            spec: { containers: Array<{ env?: Array<{ name: string; value?: string }> }> };
          };
        };
      };
      return deployment.spec.template.spec.containers[0]!.env!.find((e) => e.name === 'MONGO_DB')!
        .value;
    };

    expect(mongo.spec.users.map((u) => u.name).sort()).toEqual([...SERVICES].sort());
    expect(Object.keys(initUsers).sort()).toEqual([...SERVICES].sort());
    for (const user of mongo.spec.users) {
      expect(user.db, user.name).toBe('admin');
      expect(user.roles, user.name).toEqual([{ name: 'readWrite', db: initUsers[user.name] }]);
      expect(mongoDbOf(user.name), user.name).toBe(initUsers[user.name]);
    }
  });

  it("when dev's MONGO_URLs are read, then each names this replica set, its Service, its own user and its own database", () => {
    const dev = renderKustomization(path.join(ROOT, 'deploy/k8s/overlays/dev'));
    const secret = dev.find(
      (o) => o.kind === 'Secret' && o.metadata.name.startsWith('levelup-mongo-'),
    ) as K8sObject & { data: Record<string, string> };
    const name = mongo.metadata.name;
    for (const user of mongo.spec.users) {
      const url = new URL(Buffer.from(secret.data[user.name]!, 'base64').toString());
      expect(url.searchParams.get('replicaSet'), user.name).toBe(name);
      expect(url.hostname, user.name).toBe(`${name}-svc`);
      expect(url.username, user.name).toBe(user.name);
      expect(url.pathname, user.name).toBe(`/${user.roles[0]!.db}`);
    }
  });
});

describe('NATS: the values of the official Helm chart', () => {
  it(`when they are validated against the chart ${NATS_CHART}'s own values with unknown keys refused, then every key is one it reads, with a value of its kind`, () => {
    expect(checkNats(natsBase)).toEqual([]);
    expect(checkNats(natsAuth)).toEqual([]);
    expect(checkNats(natsValues)).toEqual([]);
  });

  it('when a key is misspelt or of the wrong type, then the check refuses it', () => {
    const misspelt = clone(natsValues) as unknown as {
      config: { jetstream: { fileStore: { pvc: Record<string, unknown> } } };
    };
    misspelt.config.jetstream.fileStore.pvc.sise = '10Gi';
    const topLevel = { ...clone(natsValues), podTemplates: {} };
    const wrongType = clone(natsValues) as unknown as {
      config: { cluster: Record<string, unknown> };
    };
    wrongType.config.cluster.replicas = '3';

    expect(checkNats(misspelt)).toContain(
      "/config/jetstream/fileStore/pvc: should NOT have additional properties 'sise'",
    );
    expect(checkNats(topLevel)).toContain(
      "/: should NOT have additional properties 'podTemplates'",
    );
    expect(checkNats(wrongType)).toContain('/config/cluster/replicas: should be integer');
  });

  it('when the resources, spread rules and environment the chart passes on are typed as Kubernetes objects, then none has a field the API lacks, and a misspelt field or a wrong type is refused', () => {
    expect(errorsOf('real')).toEqual([]);
    expect(errorsOf('misspelt').join()).toMatch(/"request"/);
    expect(errorsOf('wrong').join()).toMatch(/Type 'string' is not assignable to type 'number'/);
  });

  it(`when the cluster is read, then three servers with JetStream on a sized file store, resources, spread over zones and nodes, and the chart pinned at ${NATS_CHART} in the file and in docs/operations.md`, () => {
    const { config, container, podTemplate } = natsValues;
    expect(config.cluster).toEqual({ enabled: true, replicas: 3 });
    expect(config.jetstream.enabled).toBe(true);
    expect(config.jetstream.fileStore.enabled).toBe(true);
    expect(config.jetstream.fileStore.pvc.size).toMatch(/^\d+Gi$/);
    expect(container.resources).toHaveProperty('requests');
    expect(container.resources).toHaveProperty('limits');
    expect(Object.keys(podTemplate.topologySpreadConstraints).sort()).toEqual([
      'kubernetes.io/hostname',
      'topology.kubernetes.io/zone',
    ]);
    const install = new RegExp(
      `helm install nats nats/nats --version ${NATS_CHART.replaceAll('.', '\\.')} `,
    );
    expect(read('deploy/nats/helm/values.yaml')).toMatch(install);
    expect(operations.replace(/\\\n\s*/g, ' ')).toMatch(install);
  });

  it('when the users of deploy/nats/users.ts are rendered for the chart, then values-auth.yaml is that rendering: every workload and ops, each with its permissions and its password from levelup-nats', () => {
    expect(read('deploy/nats/helm/values-auth.yaml')).toBe(renderHelmAuthValues());
    const users = natsValues.config.merge.authorization.users;
    const expected = [...WORKLOADS.map((w) => w.user), OPS_USER];
    expect(users.map((u) => u.user)).toEqual(expected);
    const gateway = users[0] as unknown as { permissions: { publish: { allow: string[] } } };
    expect(gateway.permissions.publish.allow).toEqual(publishAllowOf(WORKLOADS[0]!));
    for (const user of expected) {
      expect(users.find((u) => u.user === user)?.password).toBe(`<< $${passwordEnvOf(user)} >>`);
      expect(natsValues.container.env[passwordEnvOf(user)]).toEqual({
        valueFrom: { secretKeyRef: { name: NATS_SECRET, key: user } },
      });
    }
  });

  describe('the authorization block as the chart writes it, on a real nats-server', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'levelup-nats-chart-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /**
     * The chart writes config.merge as JSON and unquotes each "<< ... >>" (its nats.loadMergePatch); the
     * server then reads each password from its environment, as the chart's container.env fills it.
     */
    function testConfig(env: Record<string, string>) {
      const json = JSON.stringify(natsValues.config.merge, null, 2).replace(
        /"<<\s+(.*?)\s+>>"/g,
        '$1',
      );
      const file = path.join(dir, 'nats.conf');
      writeFileSync(file, json);
      // Only the passwords and the PATH: a variable the test's own environment happens to have cannot
      // stand in for one the chart does not set.
      return spawnSync('nats-server', ['-t', '-c', file], {
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      });
    }
    const passwords = Object.fromEntries(
      Object.keys(natsValues.container.env).map((variable) => [variable, 'n0123abcd']),
    );
    const installed = spawnSync('nats-server', ['--version']).status === 0;

    it.runIf(installed)(
      'when every password is in the environment, then the server takes the configuration; without one, it refuses it',
      () => {
        const complete = testConfig(passwords);
        expect(complete.status, complete.stderr).toBe(0);
        const { NATS_PASSWORD_OPS: _ops, ...withoutOps } = passwords;
        const missing = testConfig(withoutOps);
        expect(missing.status).not.toBe(0);
        expect(missing.stderr).toMatch(/NATS_PASSWORD_OPS/);
      },
    );
  });
});

/** The Secrets (and keys) the data layer reads a password from. */
function secretsNamed(resource = mongo, values = natsValues): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  const add = (name: string, key: string) =>
    named.set(name, new Set([...(named.get(name) ?? []), key]));
  for (const user of resource.spec.users)
    add(user.passwordSecretRef.name, user.passwordSecretRef.key ?? 'password');
  for (const { valueFrom } of Object.values(values.container.env))
    add(valueFrom.secretKeyRef.name, valueFrom.secretKeyRef.key);
  return named;
}

/** Each Secret the data layer reads whose keys differ from what `doc` creates: `name: keys created`. */
function secretMismatches(doc: string): string[] {
  const created = secretsCreatedIn(doc);
  return [...secretsNamed()].flatMap(([name, keys]) => {
    const made = [...(created.get(name) ?? [])].sort();
    return made.join() === [...keys].sort().join() ? [] : [`${name}: ${made.join(' ') || 'none'}`];
  });
}

describe('the Secrets the data layer reads', () => {
  it('when a password Secret is named by the MongoDB resource or the NATS values, then docs/operations.md tells the operator to create it with exactly those keys', () => {
    expect([...secretsNamed().keys()].sort()).toEqual(['levelup-mongodb-passwords', NATS_SECRET]);
    expect(secretMismatches(operations)).toEqual([]);
  });

  it("when the operator writes each user's connection string, then it is to the Secret docs/operations.md copies into levelup-mongo", () => {
    for (const user of mongo.spec.users)
      expect(user.connectionStringSecretName, user.name).toBe(
        `levelup-mongodb-${user.name}-connection`,
      );
    const loop = operations.replace(/\\\n\s*/g, ' ');
    expect(loop).toMatch(
      /for svc in svc-identity svc-quests svc-goals svc-community svc-feedback;/,
    );
    expect(loop).toMatch(/kubectl get secret levelup-mongodb-\$svc-connection /);
    expect(loop).toMatch(/kubectl create secret generic levelup-mongo -n levelup/);
  });

  it('when the doc leaves out a key or a Secret, then the check names it', () => {
    const withoutKey = operations.replace(/--from-literal=svc-feedback=/g, '--from-literal=x=');
    const withoutSecret = operations.replaceAll('generic levelup-nats', 'generic levelup-other');
    expect(secretMismatches(withoutKey).join()).toMatch(/levelup-mongodb-passwords: .*x/);
    expect(secretMismatches(withoutSecret)).toContain('levelup-nats: none');
  });
});

// ---------------------------------------------------------------------------------------------------
// The development data layer

/** A Kubernetes quantity of bytes (`512Mi`, `5Gi`) in MiB. */
function mebibytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`not a quantity in Mi or Gi: ${quantity}`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}
/** Millicores of a CPU quantity (`250m`, `1`). */
const millicores = (quantity: string) =>
  quantity.endsWith('m') ? Number(quantity.slice(0, -1)) : Number(quantity) * 1000;

/** The servers the chart runs: its StatefulSet has config.cluster.replicas with the cluster on, else 1. */
const serversOf = (values: NatsValues) =>
  values.config.cluster.enabled ? values.config.cluster.replicas : 1;

/** The release name, as docs/operations.md and the values files install it. */
const NATS_RELEASE = 'nats';
const DEV_NATS_INSTALL =
  `helm install ${NATS_RELEASE} nats/nats --version ${NATS_CHART} -n ${DEV_NAMESPACE} ` +
  '-f deploy/nats/helm/values.yaml -f deploy/nats/helm/values-auth.yaml ' +
  '-f deploy/nats/helm/values-dev.yaml';

type Container = { name: string; resources?: { requests?: object; limits?: object } };
type Resources = { requests: { cpu: string; memory: string }; limits: { memory: string } };
const resourcesOf = (resource: MongoResource, name: string) =>
  resource.spec.statefulSet.spec.template.spec.containers.find((c: Container) => c.name === name)!
    .resources as Resources;
const cacheGbOf = (resource: MongoResource) =>
  (resource.spec as unknown as { additionalMongodConfig: Record<string, number> })
    .additionalMongodConfig['storage.wiredTiger.engineConfig.cacheSizeGB']!;
const claimsOf = (resource: MongoResource) =>
  Object.fromEntries(
    resource.spec.statefulSet.spec.volumeClaimTemplates.map((c) => [
      c.metadata.name,
      c.spec.resources.requests.storage!,
    ]),
  );

type SecretObject = K8sObject & { data: Record<string, string> };
const decoded = (secret: SecretObject) =>
  Object.fromEntries(
    Object.entries(secret.data).map(([key, value]) => [
      key,
      Buffer.from(value, 'base64').toString(),
    ]),
  );

describe('the development data layer: one node, in the namespace of the dev overlay', () => {
  const devApp = renderKustomization(path.join(ROOT, 'deploy/k8s/overlays/dev'));
  /** The dev overlay's generated Secret or ConfigMap `name` (its name carries a content hash). */
  const generatedIn = (kind: string, name: string) =>
    findObject(devApp, kind, name) as SecretObject;

  it(`when deploy/k8s/data-dev is rendered, then production's MongoDB resource and the password Secrets in ${DEV_NAMESPACE}, the resource accepted by the operator ${MONGO_OPERATOR} CRD with unknown fields refused and each Secret by the Kubernetes API schema`, async () => {
    expect(devDataObjects.map((o) => `${o.kind} ${o.metadata.name}`).sort()).toEqual([
      'MongoDBCommunity levelup-mongodb',
      'Secret levelup-mongodb-passwords',
      `Secret ${NATS_SECRET}`,
    ]);
    expect(devApp.find((o) => o.kind === 'Namespace')?.metadata.name).toBe(DEV_NAMESPACE);
    for (const object of devDataObjects)
      expect(object.metadata.namespace, object.metadata.name).toBe(DEV_NAMESPACE);
    expect(checkMongo(devMongo)).toEqual([]);
    const { Secret } = await import('kubernetes-models/v1/Secret');
    for (const secret of devDataObjects.filter((o) => o.kind === 'Secret'))
      expect(() => new Secret(secret as never).validate(), secret.metadata.name).not.toThrow();
  });

  // Without kubectl the comparison is reported as skipped, never as a pass.
  it.skipIf(!kubectlInstalled)(
    'when kubectl is installed, then `kubectl kustomize deploy/k8s/data-dev` renders the same objects as the test renderer',
    () => {
      const byKey = (list: K8sObject[]) =>
        Object.fromEntries(list.map((o) => [`${o.kind}/${o.metadata.name}`, o]));
      expect(byKey(kubectlKustomize('deploy/k8s/data-dev'))).toEqual(byKey(devDataObjects));
    },
  );

  it("when the development replica set is read, then one member with no rule needing several nodes, smaller resources, cache and claims, and otherwise production's resource with its users", () => {
    expect(devMongo.spec.members).toBe(1);
    const template = devMongo.spec.statefulSet.spec.template.spec;
    expect(template.affinity).toBeUndefined();
    // Only soft spread rules remain: none holds a member back on a single node.
    const spread = (template.topologySpreadConstraints ?? []) as Array<{
      topologyKey: string;
      whenUnsatisfiable?: string;
    }>;
    for (const rule of spread)
      expect(rule.whenUnsatisfiable, rule.topologyKey).toBe('ScheduleAnyway');

    const dev = resourcesOf(devMongo, 'mongod');
    const prod = resourcesOf(mongo, 'mongod');
    expect(millicores(dev.requests.cpu)).toBeLessThan(millicores(prod.requests.cpu));
    expect(mebibytes(dev.limits.memory)).toBeLessThan(mebibytes(prod.limits.memory));
    expect(dev.requests.memory).toBe(dev.limits.memory);
    // WiredTiger's cache at most half of mongod's memory limit, as production's is.
    for (const [resource, limits] of [
      [devMongo, dev.limits],
      [mongo, prod.limits],
    ] as const)
      expect(cacheGbOf(resource) * 1024).toBeLessThanOrEqual(mebibytes(limits.memory) / 2);
    const devClaims = claimsOf(devMongo);
    const prodClaims = claimsOf(mongo);
    expect(Object.keys(devClaims).sort()).toEqual(Object.keys(prodClaims).sort());
    for (const [claim, size] of Object.entries(devClaims))
      expect(mebibytes(size), claim).toBeLessThan(mebibytes(prodClaims[claim]!));
    expect(errorsOf('dev')).toEqual([]);

    // The rest is production's, users and their Secrets included.
    const { members: _m, statefulSet: _s, ...rest } = devMongo.spec;
    const { members: _pm, statefulSet: _ps, ...prodRest } = mongo.spec;
    const withoutCache = (spec: object) => ({ ...spec, additionalMongodConfig: undefined });
    expect(withoutCache(rest)).toEqual(withoutCache(prodRest));
    expect(devMongo.metadata.name).toBe(mongo.metadata.name);
  });

  it("when the Secrets the development data layer reads are looked up, then deploy/k8s/data-dev makes each under the name read, with exactly the keys read and the dev overlay's passwords", () => {
    const named = secretsNamed(devMongo, devNatsValues);
    expect([...named.keys()].sort()).toEqual(['levelup-mongodb-passwords', NATS_SECRET]);
    const made = (name: string) =>
      devDataObjects.find((o) => o.kind === 'Secret' && o.metadata.name === name) as
        SecretObject | undefined;
    for (const [name, keys] of named) {
      expect(made(name), name).toBeDefined();
      expect(Object.keys(made(name)!.data).sort(), name).toEqual([...keys].sort());
    }

    // MongoDB: each user's password is the one in its URL in the dev overlay's levelup-mongo.
    const urls = decoded(generatedIn('Secret', 'levelup-mongo'));
    const mongoPasswords = decoded(made('levelup-mongodb-passwords')!);
    for (const user of devMongo.spec.users) {
      const url = new URL(urls[user.name]!);
      expect(decodeURIComponent(url.username), user.name).toBe(user.name);
      expect(mongoPasswords[user.passwordSecretRef.key!], user.name).toBe(
        decodeURIComponent(url.password),
      );
    }
    // NATS: the servers' passwords are the workloads' ones, key for key.
    expect(decoded(made(NATS_SECRET)!)).toEqual(decoded(generatedIn('Secret', NATS_SECRET)));
  });

  it(`when values-dev.yaml is validated against the chart ${NATS_CHART}'s own values, alone and layered on production's, then every key is one it reads, with a value of its kind`, () => {
    expect(checkNats(natsDev)).toEqual([]);
    expect(checkNats(devNatsValues)).toEqual([]);
  });

  it("when the development NATS values are layered on production's, then one server, JetStream on a smaller file store, smaller resources, no spread rule that holds a server back, and production's users and passwords", () => {
    expect(serversOf(devNatsValues)).toBe(1);
    expect(serversOf(natsValues)).toBe(3);
    const { jetstream } = devNatsValues.config;
    expect([jetstream.enabled, jetstream.fileStore.enabled]).toEqual([true, true]);
    expect(mebibytes(jetstream.fileStore.pvc.size)).toBeLessThan(
      mebibytes(natsValues.config.jetstream.fileStore.pvc.size),
    );
    const dev = devNatsValues.container.resources as Resources;
    const prod = natsValues.container.resources as Resources;
    expect(millicores(dev.requests.cpu)).toBeLessThan(millicores(prod.requests.cpu));
    expect(mebibytes(dev.limits.memory)).toBeLessThan(mebibytes(prod.limits.memory));
    expect(dev.requests.memory).toBe(dev.limits.memory);
    for (const [key, rule] of Object.entries(devNatsValues.podTemplate.topologySpreadConstraints))
      expect((rule as { whenUnsatisfiable: string }).whenUnsatisfiable, key).toBe('ScheduleAnyway');
    expect(devNatsValues.config.merge).toEqual(natsValues.config.merge);
    expect(devNatsValues.container.env).toEqual(natsValues.container.env);
  });

  it(`when the dev overlay's workloads are read, then their streams ask for no more copies than there are servers, and they find the release ${NATS_RELEASE} of ${DEV_NAMESPACE}: its Service and its headless Service's monitoring port`, () => {
    const config = generatedIn('ConfigMap', 'levelup-config').data;
    expect(Number(config.NATS_STREAM_REPLICAS)).toBeGreaterThanOrEqual(1);
    expect(Number(config.NATS_STREAM_REPLICAS)).toBeLessThanOrEqual(serversOf(devNatsValues));

    const defaults = chartDefaults as {
      config: { nats: { port: number }; monitor: { enabled: boolean; port: number } };
    };
    const merged = devNatsValues.config as unknown as { monitor?: { enabled?: boolean } };
    expect(merged.monitor?.enabled ?? defaults.config.monitor.enabled).toBe(true);
    // The chart names the Service after the release, and the headless one `<release>-headless`.
    expect(config.NATS_ADDRESS).toBe(`${NATS_RELEASE}:${defaults.config.nats.port}`);
    const endpoint = `${NATS_RELEASE}-headless.${DEV_NAMESPACE}.svc.cluster.local:${defaults.config.monitor.port}`;
    const scaled = devApp.filter((o) => o.kind === 'ScaledObject') as unknown as Array<{
      metadata: { name: string };
      spec: { triggers: Array<{ type: string; metadata: Record<string, string> }> };
    }>;
    expect(scaled.length).toBeGreaterThan(0);
    for (const object of scaled)
      for (const trigger of object.spec.triggers.filter((t) => t.type === 'nats-jetstream'))
        expect(trigger.metadata.natsServerMonitoringEndpoint, object.metadata.name).toBe(endpoint);
  });

  it('when docs/operations.md gives the development path, then in order: the operator in levelup-dev, deploy/k8s/data-dev, NATS with values-dev.yaml, the dev overlay; and values-dev.yaml names the same install', () => {
    // A command continued over lines read as one line, each break one space.
    const doc = operations.replace(/\s*\\\n\s*/g, ' ');
    const steps = [
      `helm install community-operator mongodb/community-operator --version ${MONGO_OPERATOR} -n ${DEV_NAMESPACE}`,
      'kubectl apply -k deploy/k8s/data-dev',
      `kubectl wait mongodbcommunity/levelup-mongodb -n ${DEV_NAMESPACE}`,
      DEV_NATS_INSTALL,
      'kubectl apply -k deploy/k8s/overlays/dev',
    ];
    let at = 0;
    for (const step of steps) {
      const found = doc.indexOf(step, at);
      expect(found, step).toBeGreaterThanOrEqual(at);
      at = found + step.length;
    }
    const header = read('deploy/nats/helm/values-dev.yaml')
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map((line) => line.replace(/^#\s*/, ''))
      .join(' ')
      .replace(/\\\s+/g, '');
    expect(header).toContain(DEV_NATS_INSTALL);
  });
});
