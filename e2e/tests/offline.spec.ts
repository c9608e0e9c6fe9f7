import { expect, test } from '@playwright/test';
import { newUser } from './helpers.ts';

// A check-off made offline is kept in the browser and sent once when the connection returns.

test('a quest completed offline waits in the browser, then reaches the server once when back online', async ({
  page,
  context,
}) => {
  await context.addInitScript(() =>
    window.localStorage.setItem('levelup-onboarding-completed', 'true'),
  );
  await page.goto('/auth');
  expect(
    (await page.request.post('/api/auth/register', { data: newUser('offline') })).status(),
  ).toBe(201);
  const created = await page.request.post('/api/quests', {
    data: { title: 'Water the plants', description: 'All the plants on the balcony', xpReward: 30 },
  });
  const quest = (await created.json()) as { id: string };

  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { name: 'Welcome back, Level 1 Adventurer!' }),
  ).toBeVisible();
  const complete = page.getByRole('button', { name: /complete.*Water the plants/i });
  await expect(complete).toBeVisible();

  // The service worker keeps the whole app on the device: wait until the quests remote is all there.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          const list = (await (await fetch('/remotes/quests/asset-list.json')).json()) as {
            files: string[];
          };
          const hashed = list.files.filter((file) => /\.[0-9a-f]{8,}\.js$/.test(file));
          const cache = await caches.open('levelup-assets-v1');
          const cached = await Promise.all(
            hashed.map((file) => cache.match(`/remotes/quests/${file}`)),
          );
          return cached.every(Boolean);
        }),
      { timeout: 20_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  await complete.click();
  await expect(page.getByText("You're offline")).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'offline, 1 change waiting' }),
  ).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'change waiting' })).toBeHidden();

  // The server has it, and the XP is the reward once (not twice), even after another reload.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/user/profile')).json()) as { xp: number }).xp,
    )
    .toBe(30);
  const quests = (await (await page.request.get('/api/quests')).json()) as {
    id: string;
    isCompleted: boolean;
  }[];
  expect(quests.find((q) => q.id === quest.id)?.isCompleted).toBe(true);
  await page.reload();
  await expect(page.getByText('30 XP total')).toBeVisible();
  await page.waitForTimeout(500);
  expect(((await (await page.request.get('/api/user/profile')).json()) as { xp: number }).xp).toBe(
    30,
  );
});
