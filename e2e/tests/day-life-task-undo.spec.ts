import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signUpInBrowser } from './helpers.ts';

// A life task's check-off can be taken back from its toast, its card and the XP history, each time
// exactly the XP it earned; the delete dialog's advice ("un-complete it instead") is then true. The task
// is made through the API (it only needs to exist); every Check Mate and Undo is clicked or typed, at a
// phone and a desktop size.

const tasks = (page: Page) => page.getByRole('list', { name: 'Life tasks' });
const task = (page: Page, title: string) => tasks(page).getByRole('listitem', { name: title });

async function expectServerXp(page: Page, xp: number) {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/user/profile')).json()) as { xp: number }).xp,
      { timeout: 15_000 },
    )
    .toBe(xp);
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, a life task check-off is undone from its toast, its card and the XP history, each taking back exactly its XP`, async ({
    page,
  }) => {
    // A whole user journey on a shared two-core machine: more than the default minute.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    const created = await page.request.post('/api/life-tasks', {
      data: { title: 'Pay rent', maintenanceXp: 5 },
    });
    expect(created.status()).toBe(201);
    await page.reload();

    const rent = task(page, 'Pay rent');
    const checkMate = rent.getByRole('button', { name: 'Check Mate: Pay rent' });

    // From the toast.
    await checkMate.click();
    const toast = page
      .locator('.ant-notification-notice')
      .filter({ hasText: 'Life Task Completed!' });
    await expect(toast.getByText('You earned 5 XP!')).toBeVisible();
    await expectServerXp(page, 5);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Pay rent: 5 XP taken back.')).toBeVisible();
    await expect(checkMate).toBeVisible();
    await expectServerXp(page, 0);

    // From the card, with the keyboard.
    await checkMate.click();
    await expectServerXp(page, 5);
    const cardUndo = rent.getByRole('button', { name: 'Undo check-off: Pay rent' });
    await cardUndo.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Pay rent: 5 XP taken back.').first()).toBeVisible();
    await expect(cardUndo).toBeHidden();
    await expectServerXp(page, 0);

    // From the XP history: only the standing check-off offers it.
    await checkMate.click();
    await expectServerXp(page, 5);
    await page.goto('/profile');
    const historyUndo = page.getByRole('button', { name: 'Undo: Pay rent' });
    await expect(historyUndo).toHaveCount(1);
    await historyUndo.click();
    await expect(page.getByText('Completion undone')).toBeVisible();
    await expectServerXp(page, 0);
    await expect(historyUndo).toHaveCount(0);

    // The delete dialog's advice holds: the card offers Check Mate again, and deleting keeps XP.
    await page.goto('/dashboard');
    await rent.getByRole('button', { name: 'Remove Pay rent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete life task?' });
    await expect(dialog).toContainText('To take XP back, un-complete it instead.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(checkMate).toBeVisible();
  });
}
