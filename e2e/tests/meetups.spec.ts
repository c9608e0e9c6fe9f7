import { expect, test } from '@playwright/test';
import { newUser } from './helpers.ts';

// A fresh install has something to join: the default weekly meetups are scheduled by svc-community
// (DEFAULT_MEETUPS is on in this stack), and a member joins one from the Meetups page.
test('a member joins a default weekly meetup on a fresh stack', async ({ page }) => {
  test.slow();
  expect((await page.request.post('/api/auth/register', { data: newUser('meet') })).status()).toBe(
    201,
  );
  await page.goto('/meetups');
  await expect(page.getByRole('heading', { name: 'Weekly Meetups' })).toBeVisible();
  for (const title of ['Monday Momentum Check-in', 'Midweek Focus Workshop', 'Friday Wins Social'])
    await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();

  const card = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Friday Wins Social' }) })
    .first();
  await expect(card.getByText('Celebrate the week')).toBeVisible();
  await expect(card.getByText(/Fri, \w{3} \d{1,2} · 6:00 PM · \d+ expected/)).toBeVisible();
  const before = Number(/(\d+) expected/.exec((await card.textContent()) ?? '')?.[1]);
  await card.getByRole('button', { name: 'Join Meetup' }).click();
  await expect(card.getByRole('button', { name: "You're going" })).toBeDisabled();
  await expect(card.getByText(`${before + 1} expected`)).toBeVisible();

  // Joined for good: after a reload, and once only however the page is used.
  await page.reload();
  const again = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Friday Wins Social' }) })
    .first();
  await expect(again.getByRole('button', { name: "You're going" })).toBeDisabled();
  const list = (await (await page.request.get('/api/meetups')).json()) as {
    upcoming: Array<{ title: string; attendingByMe: boolean }>;
  };
  expect(
    list.upcoming.filter((m) => m.title === 'Friday Wins Social' && m.attendingByMe),
  ).toHaveLength(1);
  // Each default series appears once per start: no duplicates.
  const starts = list.upcoming.map((m) => JSON.stringify(m));
  expect(new Set(starts).size).toBe(starts.length);
});
