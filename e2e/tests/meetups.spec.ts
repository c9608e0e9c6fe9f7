import { expect, test, type Page } from '@playwright/test';
import { newUser, signInAsAdmin } from './helpers.ts';

// A fresh install has something to join: the default weekly meetups are scheduled by svc-community
// (DEFAULT_MEETUPS is on in this stack), and a member joins one from the Meetups page.
test('a member joins a default weekly meetup on a fresh stack', async ({ page }) => {
  test.slow();
  const member = { ...newUser('meet'), timeZone: 'UTC' };
  expect((await page.request.post('/api/auth/register', { data: member })).status()).toBe(201);
  await page.goto('/meetups');
  await expect(page.getByRole('heading', { name: 'Weekly Meetups' })).toBeVisible();
  for (const title of ['Monday Momentum Check-in', 'Midweek Focus Workshop', 'Friday Wins Social'])
    await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();

  const card = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Friday Wins Social' }) })
    .first();
  await expect(card.getByText('Celebrate the week')).toBeVisible();
  // 6 PM in New York is 22:00 or 23:00 UTC the same Friday, whatever the season.
  await expect(
    card.getByText(
      /Fri \d{1,2} \w{3}, 2[23]:00 \(your time, UTC\) · 18:00 ET \(organiser\) · \d+ expected/,
    ),
  ).toBeVisible();
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

// Reaching a meetup: an admin gives it a meeting link on its card; a member in Berlin reads the time in
// Berlin time with the organiser's beside it, is told to join to see the link, joins and sees it, then
// says "Can't make it" and the link goes. At a phone and a desktop size.
const LINK = 'https://discord.gg/levelup-e2e';
// A Wednesday 18:30 in New York, past midnight (Thursday) in Berlin.
const STARTS_AT = '2099-12-02T23:30:00.000Z';

const meetupCard = (page: Page, title: string) =>
  page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: title }) });

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, an admin sets a meeting link; a Berlin member sees Berlin time, joins to get the link and can't make it`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const title = `Reachable meetup ${size} ${Date.now().toString(36)}`;
    const admin = await browser.newPage({ viewport });
    await signInAsAdmin(admin);
    const created = await admin.request.post('/api/meetups', {
      data: { title, theme: 'Say hello', startsAt: STARTS_AT, platform: 'Discord', type: 'social' },
    });
    expect(created.status()).toBe(201);
    await admin.goto('/meetups');
    const adminCard = meetupCard(admin, title);
    await adminCard.getByRole('button', { name: `Add meeting link for ${title}` }).click();
    const box = adminCard.getByLabel(`Meeting link for ${title}`);
    await box.fill('http://discord.gg/not-secure');
    await adminCard.getByRole('button', { name: 'Save link' }).click();
    await expect(
      adminCard.getByText(/Meeting link must be an https:\/\/ web address/),
    ).toBeVisible();
    await box.fill(LINK);
    await adminCard.getByRole('button', { name: 'Save link' }).click();
    await expect(
      adminCard.getByRole('button', { name: `Edit meeting link for ${title}` }),
    ).toBeVisible();
    await admin.close();

    const page = await browser.newPage({ viewport });
    const berliner = { ...newUser('berlin'), timeZone: 'Europe/Berlin' };
    expect((await page.request.post('/api/auth/register', { data: berliner })).status()).toBe(201);
    await page.goto('/meetups');
    await expect(
      page.getByText('Times in your time zone (Europe/Berlin)', { exact: false }),
    ).toBeVisible();
    const card = meetupCard(page, title);
    await expect(
      card.getByText(
        'Thu 3 Dec, 00:30 (your time, Europe/Berlin) · Wed 18:30 ET (organiser) · 0 expected',
      ),
    ).toBeVisible();
    await expect(card.getByText('Join the meetup to see its link')).toBeVisible();
    await expect(card.getByRole('link')).toHaveCount(0);
    const listed = async () =>
      (
        (await (await page.request.get('/api/meetups')).json()) as {
          upcoming: Array<{ title: string; joinUrl: string | null }>;
        }
      ).upcoming.find((m) => m.title === title);
    expect((await listed())?.joinUrl).toBeNull();

    await card.getByRole('button', { name: 'Join Meetup' }).click();
    const link = card.getByRole('link', { name: 'Open meeting link' });
    await expect(link).toHaveAttribute('href', LINK);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(card.getByText(/· 1 expected/)).toBeVisible();
    await expect(card.getByText('Join the meetup to see its link')).toHaveCount(0);

    await card.getByRole('button', { name: `Can't make it to ${title}` }).click();
    await expect(card.getByRole('button', { name: 'Join Meetup' })).toBeVisible();
    await expect(card.getByRole('link')).toHaveCount(0);
    await expect(card.getByText(/· 0 expected/)).toBeVisible();
    await expect(card.getByText('Join the meetup to see its link')).toBeVisible();
    expect((await listed())?.joinUrl).toBeNull();
    await page.close();
  });
}
