import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { newUser } from './helpers.ts';

// A habit to break, driven through the whole stack: a new user adds "Doomscroll" on the Habits page,
// sees 0 days without a slip, taps Slipped, reads the toast that slips move no XP, undoes that slip
// from the toast, slips again and sees one slip this week, while their XP stays 0. Phone and desktop.

async function profileXp(page: Page): Promise<number> {
  const profile = (await (await page.request.get('/api/user/profile')).json()) as { xp: number };
  return profile.xp;
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, a habit to break counts a slip, undoes it from the toast, and earns no XP`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.goto('/auth');
    await page.request.post('/api/auth/register', { data: newUser('slips') });
    await page.goto('/quests/habits');

    const section = page.getByRole('heading', { name: 'Habits to break' });
    await expect(section).toBeVisible();
    await expect(page.getByText(/No habits to break yet/)).toBeVisible();
    await page.getByRole('button', { name: 'New habit to break' }).click();
    const dialog = page.getByRole('dialog', { name: 'New habit to break' });
    await dialog.getByLabel('Title').fill('Doomscroll');
    await dialog.getByLabel('Description (optional)').fill('Phone in bed');
    await dialog.getByRole('button', { name: 'Add habit to break' }).click();
    await expect(dialog).toBeHidden();

    const card = page
      .getByRole('list', { name: 'Habits to break' })
      .getByRole('group', { name: 'Doomscroll' });
    await expect(card.getByText('0 days without a slip')).toBeVisible();
    await expect(card.getByText('Best: 0 days · Slips in the last 7 days: 0')).toBeVisible();

    const slipped = card.getByRole('button', { name: 'Slipped: Doomscroll' });
    await slipped.click();
    await expect(page.getByText('Slip recorded.')).toBeVisible();
    await expect(page.getByText('Slips earn no XP and take none away.').first()).toBeVisible();
    await expect(card.getByText('Slips in the last 7 days: 1')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Slip undone')).toBeVisible();
    // Undo closes its toast; on a busy machine its closing can still be on screen when the next slip's
    // toast opens, and the two would read as one text twice below.
    await expect(page.getByText('Slip recorded.')).toBeHidden();
    await expect(card.getByText('Slips in the last 7 days: 0')).toBeVisible();

    await slipped.click();
    await expect(card.getByText('Best: 0 days · Slips in the last 7 days: 1')).toBeVisible();
    await expect(card.getByText('0 days without a slip')).toBeVisible();
    // On a phone the toasts cover the card's history: a person waits for them to go (they stay while
    // the pointer is over them).
    await page.mouse.move(0, 0);
    await expect(page.getByText('Slip recorded.')).toBeHidden({ timeout: 30_000 });
    await card.getByText('Last 30 days: 1 slip').click();
    await expect(card.getByRole('table')).toContainText('1');
    expect(await profileXp(page)).toBe(0);

    // Nothing of it reaches the dashboard's routines.
    const series = (await (await page.request.get('/api/quests/recurring')).json()) as unknown[];
    expect(series).toEqual([]);
  });
}
