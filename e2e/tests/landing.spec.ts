import { expect, test, type Page } from '@playwright/test';
import { CO_FOCUS_BONUS_RULE } from '@levelup/contracts';
import { cspRefusals } from './helpers.ts';

// The landing page and its working demo.

/**
 * Holds the app's sign-in check, presses 'See How It Works' and waits for the prerendered page's
 * dialog and for the app to have asked; returns the dialog and the function that lets the answer go.
 */
async function pressDemoWhileAppHeld(page: Page) {
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/user/profile', async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest('**/api/user/profile');
  await page.getByRole('link', { name: 'See How It Works' }).click();
  const demo = page.getByRole('dialog', { name: 'See How It Works' });
  await expect(demo).toBeVisible();
  return { demo, asked, answer };
}

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

test("'See How It Works' opens at the press, before the app it starts has loaded, and the app's own dialog then takes its place", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Level Up Your Life.' })).toBeVisible();
  await page.waitForLoadState('load');
  // The app cannot know who this is until the sign-in check answers: it is held back here.
  const { demo, asked, answer } = await pressDemoWhileAppHeld(page);
  await expect(demo.getByText(CO_FOCUS_BONUS_RULE)).toBeVisible();
  await asked;
  // The app is running (it asked) and not up yet: the page's own dialog is open, its demo waiting.
  await expect(demo.getByRole('button', { name: 'Complete quest' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  answer();
  // The app's dialog, in its place: one dialog, its demo working.
  await expect(demo.getByRole('button', { name: 'Complete quest' })).toBeEnabled();
  await expect(page.locator('dialog')).toHaveCount(1);
  await demo.getByRole('button', { name: 'Complete quest' }).click();
  await expect(demo.getByText('Level Up!', { exact: true })).toBeVisible();
  await demo.getByRole('button', { name: 'Close' }).click();
  await expect(demo).toBeHidden();
  expect(new URL(page.url()).hash).toBe('');
});

test('a visitor who closes the demo before the app has loaded finds it closed when it has', async ({
  page,
}) => {
  await page.goto('/');
  await page.waitForLoadState('load');
  const { demo, asked, answer } = await pressDemoWhileAppHeld(page);
  await page.keyboard.press('Escape');
  await expect(demo).toBeHidden();
  await asked;
  answer();
  // The app is up (its header's Sign In is a button; the prerendered page's is a link) and no dialog is open.
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('');
});
