import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeObjects, compile, schemaOfDefaults, type Check } from './closed-schema.ts';
import { renderKustomization, type K8sObject } from './kustomize.ts';
import { partialTypeErrorsOf, type PartialValue } from './partial-types.ts';
import { NATS_SECRET, renderHelmAuthValues } from '../nats/helm-values.ts';
import { OPS_USER, WORKLOADS, passwordEnvOf, publishAllowOf } from '../nats/users.ts';

// The data layer: MongoDB as the MongoDB Community operator's resource (deploy/k8s/data) checked against
// the operator's CRD, and NATS as values of the official Helm chart (deploy/nats/helm) checked against
// the chart's own defaults (it publishes no values schema), both with unknown fields refused; the parts
// each leaves open typed as the Kubernetes objects they become; and every user, database and Secret
// matched with the services, the app's manifests and docs/operations.md.

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
    ...planted.misspelt,
    ...planted.wrongType,
  ]);
}, 60_000);

const errorsOf = (prefix: string) =>
  [...typeErrors].filter(([label]) => label.startsWith(`${prefix} `)).flatMap(([, e]) => e);

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
  it.skipIf(spawnSync('kubectl', ['version', '--client']).status !== 0)(
    'when kubectl is installed, then `kubectl kustomize deploy/k8s/data` renders the same resource as the test renderer',
    () => {
      const output = spawnSync('kubectl', ['kustomize', path.join(ROOT, 'deploy/k8s/data')], {
        encoding: 'utf8',
      });
      expect(output.status, output.stderr).toBe(0);
      expect(yaml.loadAll(output.stdout)).toEqual(dataObjects);
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
function secretsNamed(): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  const add = (name: string, key: string) =>
    named.set(name, new Set([...(named.get(name) ?? []), key]));
  for (const user of mongo.spec.users)
    add(user.passwordSecretRef.name, user.passwordSecretRef.key ?? 'password');
  for (const { valueFrom } of Object.values(natsValues.container.env))
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
