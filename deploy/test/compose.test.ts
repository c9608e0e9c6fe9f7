import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gatewayConfigShape } from '../../gateway/src/config.ts';
import { communityEnv } from '../../svc-community/src/config.ts';
import { feedbackEnv } from '../../svc-feedback/src/config.ts';
import { goalsEnv } from '../../svc-goals/src/config.ts';
import { identityEnv } from '../../svc-identity/src/config.ts';
import { questsEnv } from '../../svc-quests/src/config.ts';
import { OPS_USER, WORKLOADS, passwordEnvOf } from '../nats/users.ts';

function dockerCompose(): boolean {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const dockerComposeInstalled = dockerCompose();

// docker-compose.yml and the Dockerfile checked without a container engine (none on these
// machines): structure, every service's environment against that service's own config schema, the
// gateway's upstreams against the services' ports, and hadolint-style rules for the Dockerfile. Where
// `docker` exists, `docker compose config` runs as well.

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  profiles?: string[];
  volumes?: string[];
  build?: { context: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  command?: string[];
  ports?: string[];
  restart?: string;
}
const compose = yaml.load(read('docker-compose.yml')) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};
const dockerfile = read('Dockerfile');
const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => ({
  image: m[1]!,
  name: m[2],
}));

/**
 * Compose's ${VAR:-default} with nothing set in the environment, as a fresh `docker compose up` sees it;
 * a required ${VAR:?message} as `npm run compose:secrets` sets it (a random value per name).
 */
const GENERATED = (name: string) => `generated-${name.toLowerCase()}-0123456789abcdef`;
function interpolate(value: string): string {
  return value
    .replace(/\$\{([A-Z_]+):-([^}]*)\}/g, (_m, _name, fallback: string) => fallback)
    .replace(/\$\{([A-Z_]+):\?[^}]*\}/g, (_m, name: string) => GENERATED(name));
}
const envOf = (name: string) =>
  Object.fromEntries(
    Object.entries(compose.services[name]?.environment ?? {}).map(([k, v]) => [
      k,
      interpolate(String(v)),
    ]),
  );

/** The environment variable holding a service's MongoDB password: MONGO_PASSWORD_SVC_QUESTS. */
const mongoPasswordEnvOf = (service: string) =>
  `MONGO_PASSWORD_${service.toUpperCase().replace(/-/g, '_')}`;

interface MongoUserSpec {
  user: string;
  pwd: string;
  roles: Array<{ role: string; db: string }>;
}
/**
 * deploy/mongo/init-users.js run as mongosh runs it, against a stand-in `admin` database that records
 * what it is asked (no MongoDB with authentication can run on these machines). `existing`: the users
 * the volume already has.
 */
function runInitUsers(env: Record<string, string>, existing: string[]) {
  const created: MongoUserSpec[] = [];
  const updated: MongoUserSpec[] = [];
  const admin = {
    getUser: (user: string) => (existing.includes(user) ? { user } : null),
    createUser: (spec: MongoUserSpec) => created.push(spec),
    updateUser: (user: string, spec: Omit<MongoUserSpec, 'user'>) =>
      updated.push({ user, ...spec }),
  };
  const db = { getSiblingDB: (name: string) => (name === 'admin' ? admin : undefined) };
  runInNewContext(read('deploy/mongo/init-users.js'), {
    db,
    print: () => undefined,
    process: { env },
  });
  return { created, updated };
}

const appServices = {
  'svc-identity': identityEnv,
  'svc-quests': questsEnv,
  'svc-goals': goalsEnv,
  'svc-community': communityEnv,
  'svc-feedback': feedbackEnv,
} as const;
const frontends = ['shell', 'mfe-quests', 'mfe-goals', 'mfe-community', 'mfe-progression'];
const observability = ['prometheus', 'grafana'];
/** Optional profiles beside observability: the TLS proxy in front of the gateway. */
const optional = ['tls'];

describe('docker-compose.yml', () => {
  it('when parsed, then it holds MongoDB 7 as a replica set, NATS 2.10 with JetStream, every service, the gateway on 8080 and every frontend', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [
        'mongo',
        'nats',
        'gateway',
        ...Object.keys(appServices),
        ...frontends,
        ...observability,
        ...optional,
      ].sort(),
    );
    expect(compose.services.mongo?.image).toMatch(/^mongo:7/);
    expect(compose.services.mongo?.healthcheck?.test.join(' ')).toContain('rs.initiate');
    expect(compose.services.nats?.image).toMatch(/^nats:2\.10/);
    expect(compose.services.nats?.healthcheck).toBeDefined();
    expect(compose.services.gateway?.ports).toEqual(['8080:8080']);
  });

  it('when a container of ours starts, then its root file system is read-only, it holds no capability and cannot gain privileges', () => {
    for (const name of ['gateway', ...Object.keys(appServices), ...frontends]) {
      const service = compose.services[name] as unknown as {
        read_only?: boolean;
        tmpfs?: string[];
        cap_drop?: string[];
        security_opt?: string[];
      };
      expect(
        {
          readOnly: service.read_only,
          tmpfs: service.tmpfs,
          capDrop: service.cap_drop,
          securityOpt: service.security_opt,
        },
        name,
      ).toEqual({
        readOnly: true,
        tmpfs: ['/tmp'],
        capDrop: ['ALL'],
        securityOpt: ['no-new-privileges:true'],
      });
    }
  });

  it("when a service's environment is read by that service's own config schema, then it parses (nothing missing or malformed)", () => {
    for (const [name, shape] of Object.entries(appServices)) {
      const parsed = z.object(shape).safeParse(envOf(name));
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(envOf(name).MONGO_URL, name).toContain('replicaSet=rs0');
    }
    const gateway = z.object(gatewayConfigShape).safeParse(envOf('gateway'));
    expect(gateway.success, JSON.stringify(gateway.error?.issues)).toBe(true);
    // One identity secret for the gateway and the services, or every signed identity is refused.
    for (const name of Object.keys(appServices))
      expect(envOf(name).IDENTITY_SECRET).toBe(envOf('gateway').IDENTITY_SECRET);
  });

  it('when a secret is not set, then compose stops and names it: no secret has a default', () => {
    const text = read('docker-compose.yml');
    expect(text).not.toMatch(/change-me/i);
    const required = new Set([...text.matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]!));
    for (const name of [
      'IDENTITY_SECRET',
      'SESSION_KEYS',
      'MONGO_PASSWORD',
      'GRAFANA_ADMIN_PASSWORD',
      ...Object.keys(appServices).map(mongoPasswordEnvOf),
      ...[...WORKLOADS.map((w) => w.user), OPS_USER].map(passwordEnvOf),
    ]) {
      expect(required.has(name), name).toBe(true);
      expect(text, name).not.toMatch(new RegExp(`\\$\\{${name}:-`));
    }
    // The one shared NATS password is gone: every client has its own.
    expect(text).not.toMatch(/\bNATS_PASSWORD\b/);
  });

  it('when npm run compose:secrets writes .env, then it holds every secret compose asks for, NATS passwords the server can read', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'levelup-compose-secrets-'));
    try {
      const file = path.join(dir, '.env');
      execFileSync(process.execPath, [path.join(ROOT, 'scripts/compose-secrets.ts')], {
        env: { ...process.env, COMPOSE_SECRETS_FILE: file },
        stdio: 'ignore',
      });
      const written = Object.fromEntries(
        readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      const required = [...read('docker-compose.yml').matchAll(/\$\{([A-Z_]+):\?/g)].map(
        (m) => m[1]!,
      );
      for (const name of required) expect(written[name], name).toMatch(/^\S{16,}$/);
      // Letter first: the NATS server reads them as configuration values (nats-auth.test.ts).
      for (const user of [...WORKLOADS.map((w) => w.user), OPS_USER])
        expect(written[passwordEnvOf(user)], user).toMatch(/^[a-z][0-9a-f]+$/);
      expect(new Set(Object.values(written)).size).toBe(Object.keys(written).length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when a service signs in to MongoDB, then as its own user, on its own database (authSource admin)', () => {
    for (const [name, shape] of Object.entries(appServices)) {
      const { MONGO_DB: _set, ...env } = envOf(name);
      // The database the service's own config names by default is the one compose gives it.
      const database = z.object(shape).parse(env).MONGO_DB;
      expect(envOf(name).MONGO_DB, name).toBe(database);
      const url = new URL(envOf(name).MONGO_URL!);
      expect(
        {
          user: url.username,
          password: url.password,
          host: url.host,
          database: url.pathname,
          authSource: url.searchParams.get('authSource'),
          replicaSet: url.searchParams.get('replicaSet'),
        },
        name,
      ).toEqual({
        user: name,
        password: GENERATED(mongoPasswordEnvOf(name)),
        host: 'mongo:27017',
        database: `/${database}`,
        authSource: 'admin',
        replicaSet: 'rs0',
      });
    }
    // The gateway opens no database.
    expect(envOf('gateway').MONGO_URL).toBeUndefined();
  });

  it("when MongoDB's volume is new, then init-users.js makes exactly one user per service, readWrite on its own database only", () => {
    const mongo = compose.services.mongo!;
    expect(mongo.volumes).toContain(
      './deploy/mongo/init-users.js:/docker-entrypoint-initdb.d/10-users.js:ro',
    );
    const env = Object.fromEntries(
      Object.entries(mongo.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
    );
    const expected = Object.keys(appServices).map((name) => ({
      user: name,
      pwd: GENERATED(mongoPasswordEnvOf(name)),
      roles: [{ role: 'readWrite', db: envOf(name).MONGO_DB }],
    }));
    const first = runInitUsers(env, []);
    expect(first.created).toEqual(expected);
    expect(first.updated).toEqual([]);
    // Run again on a volume that has them: passwords and roles set anew, nobody created twice.
    const again = runInitUsers(
      env,
      expected.map((u) => u.user),
    );
    expect(again.created).toEqual([]);
    expect(again.updated).toEqual(expected);
    // A missing password stops it rather than making a user without one.
    const { MONGO_PASSWORD_SVC_GOALS: _missing, ...partial } = env;
    expect(() => runInitUsers(partial, [])).toThrow(/MONGO_PASSWORD_SVC_GOALS is not set/);
  });

  it('when a client signs in to NATS, then as its own user, which deploy/nats/auth.conf limits to its own subjects', () => {
    const nats = compose.services.nats!;
    expect(nats.command).toEqual([
      '-c',
      '/etc/nats/auth.conf',
      '-js',
      '-sd',
      '/data',
      '-m',
      '8222',
    ]);
    expect(nats.volumes).toContain('./deploy/nats/auth.conf:/etc/nats/auth.conf:ro');
    // The server reads each user's password from its environment, the same value the client is given.
    const serverEnv = Object.fromEntries(
      Object.entries(nats.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
    );
    const users = [...WORKLOADS.map((w) => w.user), OPS_USER];
    expect(Object.keys(serverEnv).sort()).toEqual(users.map(passwordEnvOf).sort());
    for (const name of ['gateway', ...Object.keys(appServices)]) {
      const url = new URL(envOf(name).NATS_URL!);
      expect({ user: url.username, password: url.password, host: url.host }, name).toEqual({
        user: name,
        password: serverEnv[passwordEnvOf(name)],
        host: 'nats:4222',
      });
    }
    // No workload is given the operator's password.
    for (const name of Object.keys(compose.services))
      if (name !== 'nats')
        expect(JSON.stringify(compose.services[name]), name).not.toContain(passwordEnvOf(OPS_USER));
  });

  it("when the gateway names an upstream, then that compose service exists and listens on the URL's port", () => {
    const urls = Object.entries(envOf('gateway')).filter(
      ([key]) => key.endsWith('_URL') && key !== 'NATS_URL',
    );
    expect(urls).toHaveLength(10);
    for (const [key, value] of urls) {
      const url = new URL(value);
      const target = compose.services[url.hostname];
      expect(target, `${key} -> ${url.hostname}`).toBeDefined();
      expect(envOf(url.hostname).PORT, key).toBe(url.port);
      expect(compose.services.gateway?.depends_on?.[url.hostname]?.condition).toBe(
        'service_healthy',
      );
    }
  });

  it('when a service is built, then its target is a stage of the Dockerfile, and a frontend names itself', () => {
    const names = new Set(stages.map((s) => s.name));
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.build) continue;
      expect(names.has(service.build.target), `${name} -> ${service.build.target}`).toBe(true);
      if (frontends.includes(name)) expect(service.build.args?.FRONTEND).toBe(name);
      expect(service.restart, name).toBe('unless-stopped');
    }
    for (const name of [...Object.keys(appServices), 'gateway'])
      expect(compose.services[name]?.build?.target).toBe(name);
    for (const [name, service] of Object.entries(compose.services))
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(compose.services[dependency], `${name} depends on ${dependency}`).toBeDefined();
  });

  // Without docker the check is reported as skipped (the checks above stand in), never as a pass.
  it.skipIf(!dockerComposeInstalled)(
    'when docker compose is installed, then `docker compose config` accepts the file',
    () => {
      execFileSync('docker', ['compose', 'config', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
    },
  );
});

describe('Prometheus and Grafana', () => {
  const prometheus = yaml.load(read('deploy/observability/prometheus.yml')) as {
    scrape_configs: Array<{
      job_name: string;
      static_configs?: Array<{ targets: string[] }>;
      dns_sd_configs?: Array<{ names: string[]; type: string; port: number }>;
    }>;
  };
  const dashboard = JSON.parse(read('deploy/observability/grafana/levelup.json')) as {
    panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
  };

  it('when compose starts without a profile, then Prometheus and Grafana stay off; with --profile observability they mount files that exist', () => {
    for (const name of observability) {
      const service = compose.services[name]!;
      expect(service.profiles, name).toEqual(['observability']);
      expect(service.image, name).not.toMatch(/:latest$/);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('./')) expect(() => read(source), volume).not.toThrow();
      }
    }
  });

  it("when Prometheus scrapes, then it reads every service instance on that service's port and the gateway on its metrics port, never the public 8080", () => {
    const jobs = new Map(prometheus.scrape_configs.map((job) => [job.job_name, job]));
    for (const name of Object.keys(appServices)) {
      const dns = jobs.get(name)?.dns_sd_configs?.[0];
      expect(dns, name).toEqual({ names: [name], type: 'A', port: Number(envOf(name).PORT) });
    }
    expect(jobs.get('gateway')?.static_configs?.[0]?.targets).toEqual([
      `gateway:${envOf('gateway').METRICS_PORT}`,
    ]);
    expect(envOf('gateway').METRICS_PORT).not.toBe(envOf('gateway').PORT);
  });

  it('when the dashboard queries a metric, then the services export a metric of that name', async () => {
    const { metricsRegistry } = await import('@levelup/service-kit');
    const exported = new Set(
      (await metricsRegistry.getMetricsAsJSON()).flatMap((metric) =>
        String(metric.type) === 'histogram'
          ? ['_bucket', '_count', '_sum'].map((suffix) => metric.name + suffix)
          : [metric.name],
      ),
    );
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        const names = [...target.expr.matchAll(/\b((?:levelup|nodejs)_[a-z0-9_]+)/g)].map(
          (match) => match[1]!,
        );
        expect(names.length, panel.title).toBeGreaterThan(0);
        for (const name of names) expect(exported, `${panel.title}: ${name}`).toContain(name);
      }
    }
  });
});

describe('Dockerfile (hadolint-style rules)', () => {
  it('when base images are named, then they are Node 24 (no latest tag) or earlier stages', () => {
    const names = new Set(stages.map((s) => s.name));
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24[\w.-]*$/m);
    // The release a frontend's image replaces is an image of ours, a stage by default.
    const previous = /^ARG PREVIOUS_RELEASE=(\S+)$/m.exec(dockerfile)?.[1];
    expect(names.has(previous ?? ''), `PREVIOUS_RELEASE=${previous}`).toBe(true);
    for (const stage of stages) {
      expect(stage.image, 'DL3007: no latest').not.toMatch(/:latest$/);
      expect(
        ['${NODE_IMAGE}', '${PREVIOUS_RELEASE}'].includes(stage.image) || names.has(stage.image),
        stage.image,
      ).toBe(true);
    }
  });

  it("when a frontend's image is built, then it serves the new build carried over the release it replaces", () => {
    const released = dockerfile.slice(dockerfile.indexOf('AS released\n'));
    expect(released).toMatch(
      /^COPY --from=previous-release \/app\/\$\{FRONTEND\}\/dist \/carried\/$/m,
    );
    expect(released).toMatch(
      /^RUN node scripts\/carry-release\.ts \$\{FRONTEND\} \/app\/\$\{FRONTEND\}\/dist \/carried \$\{RELEASE\}$/m,
    );
    const staticStage = dockerfile.slice(dockerfile.indexOf('AS static\n'));
    expect(staticStage).toContain(
      'COPY --from=released --chown=node:node /carried ./${FRONTEND}/dist',
    );
  });

  it("when the install stage runs npm ci, then it has copied every workspace's package.json first", () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const dirs = workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? ['contracts', 'service-kit', 'web-kit'].map((p) => `packages/${p}`)
        : [pattern],
    );
    const installStage = dockerfile.slice(0, dockerfile.indexOf('RUN npm ci'));
    for (const dir of dirs) expect(installStage, dir).toContain(`COPY ${dir}/package.json ${dir}/`);
  });

  it('when a runtime image starts, then it runs as the unprivileged node user, with a JSON-form CMD and a HEALTHCHECK', () => {
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime\n'));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime, 'DL3002: never back to root').not.toMatch(/^USER root$/m);
    for (const line of dockerfile.split('\n').filter((l) => l.startsWith('CMD')))
      expect(line, 'DL3025: JSON form').toMatch(/^CMD \[/);
    for (const target of ['gateway', 'service', 'static']) {
      const start = dockerfile.indexOf(`AS ${target}\n`);
      const next = dockerfile.indexOf('\nFROM ', start + 1);
      expect(dockerfile.slice(start, next), target).toContain('HEALTHCHECK');
    }
  });
});
