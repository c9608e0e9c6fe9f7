import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signUpInBrowser } from './helpers.ts';

// Tags, search and filters in the Quest Log: a quest is tagged in its edit dialog as a user would, two
// more come through the API already tagged, the log is filtered by one tag and searched by title, and
// the address keeps the filter across a reload; then the dashboard's day is filtered the same way. At
// a phone and a desktop size.

const regular = (page: Page) => page.getByRole('list', { name: 'Regular quests' });
const shown = (page: Page) => regular(page).getByRole('listitem');

async function createQuest(page: Page, title: string, tags: string[]) {
  const response = await page.request.post('/api/quests', {
    data: { title, description: 'Before the weekend', tags },
  });
  expect(response.status()).toBe(201);
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, three quests are tagged, the Quest Log is filtered by one tag and searched, and the address keeps the filter`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    await createQuest(page, 'Return library books', ['errands', 'books']);
    await createQuest(page, 'Call the bank', ['errands']);
    await createQuest(page, 'Water the plants', []);
    await page.goto('/quests');
    await expect(shown(page)).toHaveCount(3);

    // The plants get a tag in the edit dialog: typed, then Enter.
    const plants = regular(page).getByRole('listitem', { name: 'Water the plants' });
    await plants.getByRole('button', { name: /^Water the plants/ }).click();
    await plants.getByRole('button', { name: 'Edit: Water the plants' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Quest' });
    await edit.getByRole('combobox', { name: 'Tags' }).fill('home');
    await edit.getByRole('combobox', { name: 'Tags' }).press('Enter');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Quest Updated!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(plants.getByRole('list', { name: 'Tags' })).toContainText('home');

    // Filter by one tag: only the errands show, and the address says so.
    await page.getByRole('combobox', { name: 'Tag', exact: true }).click();
    await page.getByTitle('errands', { exact: true }).click();
    await expect(shown(page)).toHaveCount(2);
    await expect(regular(page).getByRole('listitem', { name: 'Water the plants' })).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]tag=errands\b/);

    // A search narrows them by title; a reload keeps both.
    await page.getByRole('searchbox', { name: 'Search quests by title' }).fill('bank');
    await expect(shown(page)).toHaveCount(1);
    await expect(regular(page).getByRole('listitem', { name: 'Call the bank' })).toBeVisible();
    await page.reload();
    await expect(shown(page)).toHaveCount(1);
    await expect(page.getByRole('searchbox', { name: 'Search quests by title' })).toHaveValue(
      'bank',
    );

    // Nothing matches: the log says so; Clear filters brings every quest back.
    await page.getByRole('searchbox', { name: 'Search quests by title' }).fill('zebra');
    await expect(page.getByText('No quests match this filter.').first()).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(shown(page)).toHaveCount(3);
    await expect(page).toHaveURL(/\/quests$/);

    // The dashboard filters today's quests the same way: Filter opens the bar, a tag and a state
    // narrow the day, the address keeps them, and closing Filter shows the whole day again.
    await page.goto('/dashboard');
    const day = page.getByRole('tabpanel', { name: /^Today's Quests/ });
    await expect(day.getByRole('listitem', { name: 'Water the plants' })).toBeVisible();
    await day.getByRole('button', { name: 'Filter', exact: true }).click();
    const bar = day.getByRole('search', { name: "Filter today's quests" });
    await bar.getByRole('combobox', { name: 'Tag', exact: true }).click();
    await page.getByTitle('errands', { exact: true }).click();
    await expect(day.getByRole('listitem', { name: 'Water the plants' })).toHaveCount(0);
    await expect(day.getByRole('listitem', { name: 'Call the bank' })).toBeVisible();
    await bar.getByRole('combobox', { name: 'State' }).click();
    await page.getByTitle('Open', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]tag=errands\b/);
    await expect(page).toHaveURL(/[?&]state=open\b/);
    await page.reload();
    await expect(day.getByRole('listitem', { name: 'Return library books' })).toBeVisible();
    await expect(day.getByRole('listitem', { name: 'Water the plants' })).toHaveCount(0);
    await day.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(day.getByRole('listitem', { name: 'Water the plants' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}
