import net from 'node:net';
import { expect, test } from '@playwright/test';
import { portOf } from '../../tools/stack/stack.ts';
import { E2E_PORT_OFFSET } from '../stack-env.ts';
import { newUser } from './helpers.ts';
import { freePort, startSecondGateway, type SecondGateway } from './second-gateway.ts';

/**
 * With svc-goals down the dashboard still shows today's quests, and the Active Goals tab its
 * error state with Try Again; once svc-goals is back, Try Again shows the goals. A second gateway in
 * front of the suite's stack reaches svc-goals through a port this spec opens and closes: closed, every
 * connection refused or cut, as a stopped process leaves it (the suite's own svc-goals keeps running
 * for the other specs; the fault suite kills the real process).
 */
let gateway: SecondGateway | undefined;
let baseURL: string;
let goalsPort: number;
let goals: { server: net.Server; sockets: Set<net.Socket> } | undefined;

/** svc-goals "starts": the port accepts connections and passes them to the suite's svc-goals. */
async function startGoals() {
  const target = portOf('svc-goals', E2E_PORT_OFFSET);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const upstream = net.connect(target, '127.0.0.1');
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on('close', () => sockets.delete(end));
      end.on('error', () => {
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(goalsPort, '127.0.0.1', resolve));
  goals = { server, sockets };
}

/** svc-goals "stops": the port refuses, and the gateway's kept-alive connections are cut. */
async function stopGoals() {
  if (!goals) return;
  const { server, sockets } = goals;
  goals = undefined;
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
}

test.beforeAll(async () => {
  goalsPort = await freePort();
  await startGoals();
  gateway = await startSecondGateway({ GOALS_URL: `http://127.0.0.1:${goalsPort}` });
  baseURL = gateway.baseURL;
});

test.afterAll(async () => {
  gateway?.stop();
  await stopGoals();
});

test("when svc-goals is down, the dashboard shows today's quests and the goals tab's Try Again; once it is back, Try Again shows the goals", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() =>
    window.localStorage.setItem('levelup-onboarding-completed', 'true'),
  );
  const page = await context.newPage();
  await page.goto('/auth');
  expect(
    (await page.request.post('/api/auth/register', { data: newUser('goalsdown') })).status(),
  ).toBe(201);
  expect(
    (
      await page.request.post('/api/quests', {
        data: { title: 'Stretch for ten minutes', description: 'Before the first coffee' },
      })
    ).status(),
  ).toBe(201);
  expect(
    (await page.request.post('/api/goals', { data: { title: 'Run a half marathon' } })).status(),
  ).toBe(201);

  await stopGoals();
  const down = await page.request.get('/api/goals');
  expect(down.status()).toBe(502);

  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { name: 'Welcome back, Level 1 Adventurer!' }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: /complete.*Stretch for ten minutes/i }),
  ).toBeVisible();

  await page.getByRole('tab', { name: /Active Goals/ }).click();
  const goalsPanel = page.getByRole('tabpanel', { name: /Active Goals/ });
  await expect(goalsPanel.getByRole('alert')).toContainText('Failed to load goals');
  const tryAgain = goalsPanel.getByRole('button', { name: 'Try Again' });
  await expect(tryAgain).toBeVisible();

  await startGoals();
  await tryAgain.click();
  await page.getByRole('tab', { name: /Active Goals/ }).click();
  await expect(
    page
      .getByRole('tabpanel', { name: /Active Goals/ })
      .getByRole('listitem', { name: 'Run a half marathon' }),
  ).toBeVisible();
  await context.close();
});
