import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { newUser } from './helpers.ts';

// The profile screen with achievements and the XP history from the ledger.

test('a user sees why they have their XP, earns First Quest, edits the profile and cancels an edit', async ({
  page,
}) => {
  await page.goto('/auth');
  const user = newUser('prof');
  expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
  const created = await page.request.post('/api/quests', {
    data: { title: 'Read ten pages', description: 'Ten pages of a good book', xpReward: 40 },
  });
  const quest = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/quests/${quest.id}/complete`, { data: {} })).ok()).toBe(
    true,
  );

  // The XP reaches the ledger through NATS: the history and achievements follow it. Waited for on the
  // API, so a slow page load on a busy machine is not mistaken for missing XP.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/user/profile')).json()) as { xp: number }).xp,
      { timeout: 15_000 },
    )
    .toBe(40);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByText('+40 XP')).toBeVisible();
  await expect(page.getByText('Read ten pages')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'First Quest: earned' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Week Warrior: not earned yet' })).toBeVisible();
  await expect(page.getByText('100%')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Display Name').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile Updated!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByText('Grace Hopper'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Display Name').fill('Somebody Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
});

test('a user downloads all their data as JSON and as CSV files in a zip', async ({ page }) => {
  await page.goto('/auth');
  const user = newUser('export');
  expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
  const created = await page.request.post('/api/quests', {
    data: { title: 'Water the plants', description: 'Both balconies' },
  });
  expect(created.status()).toBe(201);
  const quest = (await created.json()) as { id: string };

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Your Data' });
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^levelup-export-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(readFileSync(await json.path(), 'utf8')) as {
    data: {
      identity: { profile: { username: string }[] };
      quests: { quests: { id: string; title: string }[] };
    };
  };
  expect(exported.data.identity.profile[0]!.username).toBe(user.username);
  expect(exported.data.quests.quests.map((q) => [q.id, q.title])).toEqual([
    [quest.id, 'Water the plants'],
  ]);
  expect(JSON.stringify(exported)).not.toContain('passwordHash');

  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download CSV (zip)' }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync(await zip.path())));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['README.txt', 'identity/profile.csv', 'quests/quests.csv']),
  );
  expect(strFromU8(files['quests/quests.csv']!)).toContain('Water the plants');
});

test('a display name of the longest allowed length leaves the header buttons on screen at 1366 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/auth');
  const longName = 'Maximiliane Alexandrina Konstantinopoulou-Wittels'.padEnd(50, 'x');
  const user = { ...newUser('long'), displayName: longName };
  expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: longName })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: longName })).toHaveAttribute('title', longName);
  for (const button of [
    page.getByRole('button', { name: 'Logout' }),
    page.getByRole('button', { name: /^Theme:/ }),
  ]) {
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
  }
});
