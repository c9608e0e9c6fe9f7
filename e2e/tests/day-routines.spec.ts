import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signUpInBrowser } from './helpers.ts';

// Cleared and hidden mean "off the dashboard", never "gone": after Clear Completed and Hide from
// dashboard the Quest Log still shows today's occurrence of each series, every state stays changeable
// there, and Un-hide brings it back. The series are made through the API (they only need to exist);
// every action under test is clicked or typed, at a phone and a desktop size.

const todays = (page: Page) => page.getByRole('tabpanel', { name: /Today's Quests/ });
const card = (page: Page, title: string) => todays(page).getByRole('listitem', { name: title });
const logSeries = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Recurring quests' }).getByRole('listitem', { name: title });

async function createSeries(page: Page, title: string) {
  const response = await page.request.post('/api/quests/recurring', {
    data: { title, description: 'A few minutes every day', recurrenceType: 'daily' },
  });
  expect(response.status()).toBe(201);
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, routines stay in the Quest Log after Clear Completed and Hide, each state changeable, and Un-hide brings them back`, async ({
    page,
  }) => {
    // A whole user journey on a shared two-core machine: more than the default minute.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    await createSeries(page, 'Journal');
    await createSeries(page, 'Stretch');
    await page.reload();

    await card(page, 'Journal').getByRole('button', { name: 'Kinda Sorta' }).click();
    await expect(page.getByText('Progress is progress!')).toBeVisible();
    await card(page, 'Stretch').getByRole('button', { name: 'Complete quest: Stretch' }).click();
    await expect(page.getByText('Quest Completed!').first()).toBeVisible();
    await page.getByRole('button', { name: 'Clear Completed' }).click();
    await expect(page.getByText('2 completed quest(s) removed from dashboard.')).toBeVisible();
    await expect(card(page, 'Journal')).toBeHidden();
    await expect(card(page, 'Stretch')).toBeHidden();

    await page.goto('/quests');
    const journal = logSeries(page, 'Journal');
    const stretch = logSeries(page, 'Stretch');
    await expect(journal.getByText('Partial')).toBeVisible();
    await expect(journal.getByText('Not on your dashboard.')).toBeVisible();
    await expect(page.getByText('Nothing scheduled for today.')).toBeHidden();

    // "Kinda Sorta" lifted to Completed, and a done one taken back, both from the log.
    await journal.getByRole('button', { name: 'Complete quest: Journal' }).click();
    await expect(journal.getByRole('button', { name: 'Un-complete: Journal' })).toBeVisible();
    await stretch.getByRole('button', { name: 'Un-complete: Stretch' }).click();
    await expect(stretch.getByRole('button', { name: 'Complete quest: Stretch' })).toBeVisible();

    // "Show completed" off and on again: the routines stay.
    const showCompleted = page.getByRole('switch', { name: 'Show completed' });
    await showCompleted.click();
    await showCompleted.click();
    await expect(journal).toBeVisible();
    await expect(stretch).toBeVisible();

    // Un-hide, with the keyboard.
    await stretch.getByRole('button', { name: 'Un-hide: Stretch' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Quest Restored')).toBeVisible();
    await expect(stretch.getByRole('button', { name: 'Un-hide: Stretch' })).toBeHidden();

    await page.goto('/dashboard');
    await expect(card(page, 'Stretch')).toBeVisible();
    await expect(card(page, 'Journal')).toBeHidden();

    // Hide from dashboard: gone from the dashboard, still in the log with Un-hide.
    await card(page, 'Stretch')
      .getByRole('button', { name: /^Stretch/ })
      .click();
    await card(page, 'Stretch').getByRole('button', { name: 'Hide from dashboard' }).click();
    await expect(page.getByText('Quest Removed')).toBeVisible();
    await expect(card(page, 'Stretch')).toBeHidden();
    await page.goto('/quests');
    await expect(stretch.getByRole('button', { name: 'Complete quest: Stretch' })).toBeVisible();
    await stretch.getByRole('button', { name: 'Un-hide: Stretch' }).click();
    await expect(page.getByText('Quest Restored')).toBeVisible();
  });
}
