import { expect, test } from '@playwright/test';
import { cspRefusals } from './helpers.ts';

// The landing page and its working demo.

test("a visitor reads the landing page and tries 'See How It Works': a quest completion and a level-up", async ({
  page,
}) => {
  const refused = cspRefusals(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Level Up Your Life.' })).toBeVisible();
  // Prerendered: the whole page is there before any script has been fetched.
  await expect(page.getByRole('heading', { name: 'Smart Dashboard' })).toBeVisible();
  await page.waitForLoadState('load');
  expect(scripts).toEqual([]);
  // Its sign-in links carry the browser's zone, which an account made by that sign-in starts in.
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute(
    'href',
    /^\/api\/login\?timeZone=[\w%]+/,
  );
  await expect(page.getByText('Gamified Life Organization')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Early access beta');
  await page.getByRole('link', { name: 'See How It Works' }).click();
  const demo = page.getByRole('dialog', { name: 'See How It Works' });
  await expect(demo.getByText('80 / 100 XP')).toBeVisible();
  await demo.getByRole('button', { name: 'Complete quest' }).click();
  await expect(demo.getByText('Level Up!', { exact: true })).toBeVisible();
  await expect(demo.getByText('20 / 200 XP')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(demo).toBeHidden();
  // The call to action is the external sign-in route: with the suite's provider (global-setup.ts) it
  // lands on the provider's sign-in form.
  await page.getByRole('link', { name: 'Start Your First Quest or Sign In' }).click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
  // The prerendered page's inline scripts and the app it loads all ran under its policy.
  expect(refused).toEqual([]);
});

test("while the app a visitor's click started is still loading, the landing page stays and the demo then opens over it", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Level Up Your Life.' })).toBeVisible();
  await page.waitForLoadState('load');
  // The app cannot know who this is until the sign-in check answers: it is held back here.
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/user/profile', async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest('**/api/user/profile');
  await page.getByRole('link', { name: 'See How It Works' }).click();
  await asked;
  // The app is running (it asked) and shows the page the visitor was reading, not a loading state.
  await expect(page.getByRole('heading', { name: 'Level Up Your Life.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  answer();
  await expect(page.getByRole('dialog', { name: 'See How It Works' })).toBeVisible();
});
