import { expect, test } from '@playwright/test';
import { newUser } from './helpers.ts';

// A fresh install has something to join: with no sessions on, the sessions page starts one now. This file
// runs before the specs that create sessions (files run in name order), so the stack has none yet.
test('with no sessions on, a member starts one now from the sessions page', async ({ page }) => {
  expect((await page.request.post('/api/auth/register', { data: newUser('sess') })).status()).toBe(
    201,
  );
  const sessions = (await (await page.request.get('/api/sessions')).json()) as unknown[];
  // Other specs of the run may have left sessions; the empty state shows only when there are none.
  test.skip(sessions.length > 0, 'the stack already has sessions');
  await page.goto('/sessions');
  await expect(page.getByRole('heading', { name: 'No sessions yet' })).toBeVisible();
  await page.getByText('50 min', { exact: true }).click();
  await page.getByRole('button', { name: 'Start a session' }).click();
  // Straight into its room: 50 minutes of focus, then the break.
  await expect(page).toHaveURL(/\/sessions\/[^/]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: '50-minute focus session' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Focus' })).toBeVisible();
  // Back on the list it is live, with whoever started it in it.
  await page.goto('/sessions');
  await expect(page.getByRole('heading', { name: '50-minute focus session' })).toBeVisible();
  await expect(page.getByText('LIVE').first()).toBeVisible();
  await expect(page.getByLabel('1 of 6 participants')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No sessions yet' })).toHaveCount(0);
});
