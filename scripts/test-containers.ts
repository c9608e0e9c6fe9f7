/**
 * `npm run test:containers`: the services' tests (HTTP, events, outbox, consumers) against a real MongoDB 7
 * replica set and a real NATS 2.10 with JetStream in containers (testcontainers), instead of the
 * embedded MongoDB. Where no Docker engine answers (these machines have none) it says so in one line and
 * passes; `npm test` runs it after the fault suite.
 *
 * The same tests run against servers of your own without Docker: MONGO_URL=... NATS_URL=... npx vitest run
 * --project '@levelup/svc-*' (service-kit's startTestInfra reads both).
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { ROOT } from '../tools/stack/stack.ts';

/** Where the Docker engine would answer: DOCKER_HOST (unix:// or tcp://), else the default socket. */
export function dockerEndpoint(env: NodeJS.ProcessEnv = process.env) {
  const host = env.DOCKER_HOST;
  if (!host || host.startsWith('unix://'))
    return { socketPath: host ? host.slice('unix://'.length) : '/var/run/docker.sock' };
  const url = new URL(host.replace(/^tcp:/, 'http:'));
  return { host: url.hostname, port: Number(url.port || 2375) };
}

/** Whether the engine answers its ping within two seconds. */
export function dockerAnswers(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ ...dockerEndpoint(env), path: '/_ping', timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

function runServiceTests(env: NodeJS.ProcessEnv, extraArgs: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/vitest'),
      ['run', '--project', '@levelup/svc-*', ...extraArgs],
      { cwd: ROOT, stdio: 'inherit', env },
    );
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  if (!(await dockerAnswers())) {
    const where = dockerEndpoint();
    console.log(
      `containers: skipped, no Docker engine answers at ${'socketPath' in where ? where.socketPath : `${where.host}:${where.port}`} (set DOCKER_HOST, or run the same tests with MONGO_URL and NATS_URL)`,
    );
    return 0;
  }
  const { GenericContainer, Wait } = await import('testcontainers');
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  console.log('containers: starting mongo:7 (replica set) and nats:2.10 -js ...');
  const [mongo, nats] = await Promise.all([
    new MongoDBContainer('mongo:7').start(),
    new GenericContainer('nats:2.10')
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start(),
  ]);
  try {
    // directConnection: the replica set member calls itself by its container name, unknown out here.
    const mongoUrl = `${mongo.getConnectionString()}?directConnection=true`;
    const natsUrl = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
    console.log(`containers: MONGO_URL=${mongoUrl} NATS_URL=${natsUrl}`);
    return await runServiceTests(
      { ...process.env, MONGO_URL: mongoUrl, NATS_URL: natsUrl },
      process.argv.slice(2),
    );
  } finally {
    await Promise.all([mongo.stop(), nats.stop()]);
  }
}

if (import.meta.main) process.exit(await main());
