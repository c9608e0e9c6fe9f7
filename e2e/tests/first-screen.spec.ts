import { expect, test } from '@playwright/test';
import { cspRefusals, signUpInBrowser } from './helpers.ts';

// A signed-in user's dashboard paints its heading from the server's HTML, before any script, and
// the app's first reads of the dashboard are answered from the page instead of the network.

test('a returning user sees their dashboard heading before any script runs, and the app takes over without asking again', async ({
  page,
}) => {
  await signUpInBrowser(page);
  const created = await page.request.post('/api/quests', {
    data: { title: 'Read ten pages', description: 'Ten pages of a good book' },
  });
  expect(created.status()).toBe(201);

  // No JavaScript at all: the server's first screen alone.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { name: 'Welcome back, Level 1 Adventurer!' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Quests' })).toHaveAttribute('href', '/quests');
  await expect(page.getByRole('status', { name: 'Loading your dashboard' })).toBeVisible();
  await page.unroute('**/*.js');

  // With JavaScript: the app replaces it with the whole page, and its reads came with the page.
  const refused = cspRefusals(page);
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) reads.push(`${url.pathname}${url.search}`);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Daily Management' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Welcome back, Level 1 Adventurer!' }),
  ).toBeVisible();
  await expect(page.getByText('Read ten pages').first()).toBeVisible();
  for (const embedded of ['/api/user/profile', '/api/dashboard/overview', '/api/quests/recurring'])
    expect(reads).not.toContain(embedded);
  expect(refused).toEqual([]);

  // Later reads and writes go to the network as before, and the page answers them.
  await page.getByRole('button', { name: /complete.*Read ten pages/i }).click();
  await expect(page.getByText('Quest Completed!')).toBeVisible();
});

test('a returning user whose page the service worker controls still gets the first screen from the server', async ({
  page,
}) => {
  await signUpInBrowser(page);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  // The worker answers the navigation with the browser's own request (navigation preload): the gateway
  // sees a navigation and writes the first screen, where a fetch() of it from the worker got the plain page.
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  expect(await response!.text()).toMatch(/data-prerendered="?first-screen/);
  await expect(page.getByRole('heading', { name: 'Welcome, New Adventurer!' })).toBeVisible();
});
