import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBus } from './bus.ts';
import { natsConnectOptions } from './nats-url.ts';

describe('natsConnectOptions', () => {
  it('when NATS_URL carries a user and password, then they become options and leave the server list', () => {
    expect(natsConnectOptions('nats://levelup:s3cr%40t@nats:4222')).toEqual({
      servers: ['nats://nats:4222'],
      user: 'levelup',
      pass: 's3cr@t',
      inboxPrefix: '_INBOX_levelup',
    });
    expect(natsConnectOptions('nats://a:4222, nats://levelup:pw@b:4222')).toEqual({
      servers: ['nats://a:4222', 'nats://b:4222'],
      user: 'levelup',
      pass: 'pw',
      inboxPrefix: '_INBOX_levelup',
    });
  });

  it('when NATS_URL has no credentials, then the servers go through unchanged', () => {
    expect(natsConnectOptions('nats://127.0.0.1:4222')).toEqual({
      servers: ['nats://127.0.0.1:4222'],
    });
  });

  it('when two servers name different users, then it is refused with a clear message', () => {
    expect(() => natsConnectOptions('nats://a:1@x:4222,nats://b:2@y:4222')).toThrow(
      'NATS_URL names two different users',
    );
  });
});

/** A nats-server of this test's own that requires a user and password. */
let server: ChildProcess;
let port: number;
let storeDir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

beforeAll(async () => {
  port = await freePort();
  storeDir = mkdtempSync(path.join(os.tmpdir(), 'nats-auth-'));
  const binary = process.env.NATS_SERVER_BIN ?? 'nats-server';
  server = spawn(
    binary,
    [
      '-js',
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '-sd',
      storeDir,
      '--user',
      'levelup',
      '--pass',
      'pw-1',
    ],
    { stdio: 'ignore', env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` } },
  );
  for (let i = 0; i < 100; i += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('nats-server with --user did not start');
}, 20_000);

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(storeDir, { recursive: true, force: true });
});

describe('a NATS server that requires credentials', () => {
  it('when the bus connects with the credentials in NATS_URL, then it works; without them it is refused', async () => {
    const bus = await connectBus(`nats://levelup:pw-1@127.0.0.1:${port}`, 'nats-auth-test');
    try {
      await bus.ensureStream({ name: 'AUTHED', subjects: ['authed.>'] });
    } finally {
      await bus.close();
    }
    await expect(connectBus(`nats://127.0.0.1:${port}`, 'nats-auth-test')).rejects.toThrow(/auth/i);
    await expect(
      connectBus(`nats://levelup:wrong@127.0.0.1:${port}`, 'nats-auth-test'),
    ).rejects.toThrow(/auth/i);
  });
});
