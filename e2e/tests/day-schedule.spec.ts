import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chooseOption, signUpInBrowser } from './helpers.ts';

// Routines are on the day's schedule (Grid View) like one-time quests, the time picker offers quarter
// hours of the quest's time of day only, and a quest card shows its time. The series are made through
// the API (they only need to exist); the quest is created and read as a user, at a phone and a desktop
// size.

const todays = (page: Page) => page.getByRole('tabpanel', { name: /Today's Quests/ });

async function createSeries(page: Page, title: string, timeOfDay: string) {
  const response = await page.request.post('/api/quests/recurring', {
    data: { title, description: 'Every day, no excuses', recurrenceType: 'daily', timeOfDay },
  });
  expect(response.status()).toBe(201);
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, Grid View shows the day's routines, and an evening quest created there gets a quarter-hour evening time its card shows`, async ({
    page,
  }) => {
    // A whole user journey on a shared two-core machine: more than the default minute.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    await createSeries(page, 'Meditate', 'morning');
    await createSeries(page, 'Stretch', 'anytime');
    await page.reload();

    await page.getByRole('tab', { name: 'Grid View' }).click();
    await expect(
      page.getByRole('list', { name: 'Morning routines' }).getByText('Meditate'),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Quests without a time' }).getByText('Stretch'),
    ).toBeVisible();
    await expect(page.getByText('Every quest for today has a time.')).toBeHidden();

    await page.getByRole('button', { name: 'Add an evening quest' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Quest' });
    await dialog.getByLabel('Title').fill('Read a chapter');
    await dialog.getByLabel('Description').fill('One chapter before bed');
    const picker = dialog.getByRole('combobox', { name: 'Scheduled Time' });
    await picker.click();
    await expect(page.getByTitle('12:00 AM')).toHaveCount(0);
    await expect(page.getByTitle('5:45 PM')).toHaveCount(0);
    await chooseOption(page, picker, '6:45 PM');
    await dialog.getByRole('button', { name: 'Create Quest' }).click();
    await expect(page.getByText('Quest Created!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Only the section of the hour it is now starts open (and To Do's): open Evening when it is shut.
    const evening = todays(page).getByRole('button', { name: /^Evening 6pm-6am/ });
    if ((await evening.getAttribute('aria-expanded')) !== 'true') await evening.click();
    const card = todays(page).getByRole('listitem', { name: 'Read a chapter' });
    await expect(card.getByText('6:45 PM')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Evening block' }).getByText('Read a chapter'),
    ).toBeVisible();
  });
}
