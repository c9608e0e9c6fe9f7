import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { stackProcesses } from '../../scripts/lib/stack.ts';
import { E2E_PORT_OFFSET } from '../stack-env.ts';
import { signUpInBrowser } from './helpers.ts';

/**
 * The shell and the other remotes keep working when one remote's server is down. A second gateway
 * in front of the same stack points the goals remote at a port where nothing listens.
 */
let gateway: ChildProcess;
let baseURL: string;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.beforeAll(async () => {
  const secrets = JSON.parse(readFileSync(process.env.E2E_IDENTITY_SECRET_FILE!, 'utf8')) as {
    identitySecret: string;
  };
  const spec = stackProcesses({
    portOffset: E2E_PORT_OFFSET,
    mongoUrl: '',
    natsUrl: '',
    identitySecret: secrets.identitySecret,
    sessionKeys: '',
  }).find((candidate) => candidate.name === 'gateway')!;
  const port = await freePort();
  const deadRemote = `http://127.0.0.1:${await freePort()}`;
  gateway = spawn(process.execPath, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env, PORT: String(port), REMOTE_GOALS_URL: deadRemote },
    stdio: 'ignore',
  });
  baseURL = `http://localhost:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${baseURL}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`second gateway did not start (${path.basename(spec.cwd)})`);
});

test.afterAll(() => {
  gateway?.kill('SIGTERM');
});

test('when the goals remote is down, its page shows a fallback with Retry and the rest of the app works', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUpInBrowser(page);

  await page.getByRole('link', { name: 'Goals' }).click();
  await expect(
    page.getByRole('heading', { name: 'This section is unavailable right now' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quest Log' })).toBeVisible();

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page.getByRole('heading', { name: 'This section is unavailable right now' }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Quest Log' }).click();
  await expect(page.getByRole('heading', { name: 'Quest Log' })).toBeVisible();
  await page.getByRole('link', { name: 'Community' }).click();
  await expect(
    page.getByText('No posts yet. Be the first to share with the community!'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Home Base' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, New Adventurer!' })).toBeVisible();
  await context.close();
});
