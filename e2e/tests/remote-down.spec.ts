import { expect, test } from '@playwright/test';
import { signUpInBrowser } from './helpers.ts';
import { freePort, startSecondGateway, type SecondGateway } from './second-gateway.ts';

/**
 * The shell and the other remotes keep working when one remote's server is down. A second gateway
 * in front of the same stack points the goals remote at a port where nothing listens.
 */
let gateway: SecondGateway | undefined;
let baseURL: string;

test.beforeAll(async () => {
  gateway = await startSecondGateway({
    REMOTE_GOALS_URL: `http://127.0.0.1:${await freePort()}`,
  });
  baseURL = gateway.baseURL;
});

test.afterAll(() => {
  gateway?.stop();
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
  // Other specs may have posted already: the page's own heading says the community remote works.
  await expect(page.getByRole('heading', { name: 'Community', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Home Base' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, New Adventurer!' })).toBeVisible();
  await context.close();
});
