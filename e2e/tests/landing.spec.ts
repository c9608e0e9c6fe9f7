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
