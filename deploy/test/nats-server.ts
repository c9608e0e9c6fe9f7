import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A port nothing listens on now (the OS's pick, released at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface TestNatsServer {
  /** nats://127.0.0.1:<port>, without credentials. */
  address: string;
  /** What the server printed, for a failure's message. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A real `nats-server -js` on free loopback ports with `config`, its JetStream store in a temporary
 * directory and `env` (the users' passwords) in its environment. Resolves once its monitoring port
 * says JetStream is up; a slow machine gets up to `readyMs`.
 */
export async function startNatsServer(
  config: string,
  env: Record<string, string>,
  readyMs = 20_000,
): Promise<TestNatsServer> {
  const [port, monitor] = [await freePort(), await freePort()];
  const store = mkdtempSync(path.join(tmpdir(), 'levelup-nats-auth-'));
  const args = ['-c', config, '-js', '-sd', store, '-a', '127.0.0.1', '-p', String(port)];
  const child: ChildProcess = spawn('nats-server', [...args, '-m', String(monitor)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(store, { recursive: true, force: true });
  };
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nats-server exited at start:\n${output}`);
    }
    const ready = await fetch(`http://127.0.0.1:${monitor}/healthz?js-enabled-only=true`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nats-server not ready after ${readyMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { address: `nats://127.0.0.1:${port}`, log: () => output, stop };
}
