import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dockerAnswers, dockerEndpoint } from './test-containers.ts';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A fake Docker engine on a unix socket that answers /_ping with `status`. */
async function fakeEngine(status: number): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-docker-'));
  const socketPath = path.join(dir, 'docker.sock');
  const server: Server = createServer((req, res) => {
    res.writeHead(req.url === '/_ping' ? status : 404);
    res.end('OK');
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  cleanups.push(
    () => new Promise<void>((resolve) => server.close(() => resolve())),
    () => rmSync(dir, { recursive: true, force: true }),
  );
  return socketPath;
}

describe('the containers project finds Docker or skips', () => {
  it('reads DOCKER_HOST as a unix socket or a TCP address, else the default socket', () => {
    expect(dockerEndpoint({})).toEqual({ socketPath: '/var/run/docker.sock' });
    expect(dockerEndpoint({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' })).toEqual({
      socketPath: '/run/user/1000/docker.sock',
    });
    expect(dockerEndpoint({ DOCKER_HOST: 'tcp://10.0.0.5:2376' })).toEqual({
      host: '10.0.0.5',
      port: 2376,
    });
  });

  it('when an engine answers its ping, then Docker is there; when it fails or nothing listens, it is not', async () => {
    expect(await dockerAnswers({ DOCKER_HOST: `unix://${await fakeEngine(200)}` })).toBe(true);
    expect(await dockerAnswers({ DOCKER_HOST: `unix://${await fakeEngine(500)}` })).toBe(false);
    expect(await dockerAnswers({ DOCKER_HOST: 'unix:///nonexistent/docker.sock' })).toBe(false);
  });
});
