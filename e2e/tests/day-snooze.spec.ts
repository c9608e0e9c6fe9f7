import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signUpInBrowser } from './helpers.ts';

// Snooze never moves a date earlier, a past due date can be entered, and life tasks come in urgency
// order. The other tasks are made through the API (they only need to exist); adding the overdue task,
// reading the order and snoozing are done as a user, at a phone and a desktop size.

const tasks = (page: Page) => page.getByRole('list', { name: 'Life tasks' });
const task = (page: Page, title: string) => tasks(page).getByRole('listitem', { name: title });

/** The local calendar day `offset` days from today ('YYYY-MM-DD'), as the date field takes it. */
function localDay(offset: number): string {
  const day = new Date(Date.now() + offset * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, an overdue task is entered and snoozed to tomorrow, a task due later offers no snooze, and urgent and overdue tasks come first`, async ({
    page,
  }) => {
    // A whole user journey on a shared two-core machine: more than the default minute.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    for (const data of [
      { title: 'Sort photos', priority: 'low' },
      { title: 'Renew visa', priority: 'high', dueDate: `${localDay(3)}T12:00:00.000Z` },
      { title: 'Call plumber', priority: 'urgent' },
    ]) {
      const created = await page.request.post('/api/life-tasks', { data });
      expect(created.status()).toBe(201);
    }
    await page.reload();

    await page.getByRole('button', { name: 'Add Life Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Life Task' });
    await dialog.getByLabel('Title').fill('Return parcel');
    await dialog.getByLabel('Due Date').fill(localDay(-3));
    await dialog.getByRole('button', { name: 'Add Life Task' }).click();
    await expect(page.getByText('Life Task Added!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(task(page, 'Return parcel').getByText('Overdue')).toBeVisible();
    await expect(tasks(page).getByRole('listitem')).toHaveText([
      /Return parcel/,
      /Call plumber/,
      /Renew visa/,
      /Sort photos/,
    ]);

    // Due in three days: snoozing "until tomorrow" would move it earlier, so it is not offered.
    await expect(task(page, 'Renew visa').getByText('3 days')).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Snooze until tomorrow: Renew visa' }),
    ).toHaveCount(0);

    const snooze = page.getByRole('button', { name: 'Snooze until tomorrow: Return parcel' });
    await snooze.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Return parcel: due tomorrow.')).toBeVisible();
    await expect(task(page, 'Return parcel').getByText('Tomorrow')).toBeVisible();
    await expect(snooze).toHaveCount(0);
    await expect(tasks(page).getByRole('listitem')).toHaveText([
      /Call plumber/,
      /Return parcel/,
      /Renew visa/,
      /Sort photos/,
    ]);
  });
}
