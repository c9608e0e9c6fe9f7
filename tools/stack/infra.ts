/** The infrastructure under the stack: the embedded MongoDB, a NATS server, and the run's secrets. */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './stack.ts';
import { startChild } from './supervisor.ts';
import type { Child } from './supervisor.ts';

export interface Secrets {
  identitySecret: string;
  sessionKeys: string;
  /** Web Push (reminders): the VAPID key pair, base64url as browsers and web-push read it. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

/** A P-256 key pair for VAPID: the public key as its uncompressed point, the private key as its scalar. */
export function generateVapidKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(pub.x ?? '', 'base64url'),
    Buffer.from(pub.y ?? '', 'base64url'),
  ]);
  return {
    publicKey: point.toString('base64url'),
    privateKey: privateKey.export({ format: 'jwk' }).d ?? '',
  };
}

/**
 * Generated once per data folder, so sign-ins (and browsers' push subscriptions, bound to the VAPID key)
 * survive a restart of `npm start`. A folder from before a secret existed gets it added.
 */
export function ensureSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>)
    : {};
  const vapid =
    stored.vapidPublicKey && stored.vapidPrivateKey
      ? { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey }
      : generateVapidKeyPair();
  const secrets: Secrets = {
    identitySecret: stored.identitySecret ?? randomBytes(32).toString('hex'),
    sessionKeys:
      stored.sessionKeys ??
      [randomBytes(24).toString('hex'), randomBytes(24).toString('hex')].join(','),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
  if (JSON.stringify(secrets) !== JSON.stringify(stored)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/** A TCP port free on the loopback right now (for a server about to be started on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** NATS_URL's first server as host and port (a cluster's NATS_URL lists several; any one will do). */
export function firstNatsServer(natsUrl: string): { host: string; port: number } {
  const { hostname, port } = new URL(natsUrl.split(',')[0]!.trim());
  return { host: hostname, port: Number(port || 4222) };
}

export function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Starts tools/mongo-embedded as its own process and resolves with the URL it prints when ready. */
export function startEmbeddedMongo(options: {
  port: number;
  dbPath?: string;
  output?: NodeJS.WritableStream;
}): Promise<{ url: string; child: Child }> {
  const args = ['src/cli.ts', '--port', String(options.port), '--bind', '127.0.0.1'];
  if (options.dbPath) args.push('--dbpath', options.dbPath);
  else args.push('--memory');
  return new Promise((resolve, reject) => {
    let settled = false;
    const child = startChild({
      name: 'mongo-embedded',
      command: process.execPath,
      args,
      cwd: path.join(ROOT, 'tools/mongo-embedded'),
      env: {},
      output: options.output,
      onLine(line) {
        const match = /mongodb:\/\/\S+/.exec(line);
        if (match && !settled) {
          settled = true;
          resolve({ url: match[0], child });
        }
      },
    });
    void child.exited.then((code) => {
      if (!settled) {
        settled = true;
        reject(new Error(`mongo-embedded exited (code ${code}) before it was ready`));
      }
    });
  });
}

export function findOnPath(binary: string): string | undefined {
  const dirs = [
    ...(process.env.PATH ?? '').split(path.delimiter),
    '/usr/sbin',
    '/usr/local/sbin',
    '/usr/local/bin',
    '/usr/bin',
  ];
  return dirs.map((dir) => path.join(dir, binary)).find((candidate) => existsSync(candidate));
}

/**
 * Uses the NATS server at natsUrl, or starts `nats-server -js` from PATH when none answers
 * (the event bus is NATS JetStream). Resolves with the child it started, if any.
 */
export async function ensureNats(
  natsUrl: string,
  dataDir: string,
  output?: NodeJS.WritableStream,
): Promise<Child | undefined> {
  const { host: hostname, port: natsPort } = firstNatsServer(natsUrl);
  if (await canConnect(hostname, natsPort)) return undefined;
  const binary = findOnPath('nats-server');
  if (!binary) {
    throw new Error(
      `No NATS server answers at ${natsUrl} and there is no nats-server on PATH.\n` +
        `Install one (Debian: apt-get install nats-server) or point NATS_URL at a running server with JetStream.`,
    );
  }
  const storeDir = path.join(dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const child = startChild({
    name: 'nats-server',
    command: binary,
    args: ['-js', '-a', hostname, '-p', String(natsPort), '-sd', storeDir],
    cwd: ROOT,
    env: {},
    output,
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await canConnect(hostname, natsPort)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.process.kill('SIGKILL');
  throw new Error(`nats-server started from ${binary} did not listen on ${natsUrl} within 10 s`);
}
