import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signUpInBrowser } from './helpers.ts';

// Tags, search and filters in the Quest Log: three quests are tagged in their edit dialogs as a user
// would, the log is filtered by one tag and searched by title, and the address keeps the filter across
// a reload; then the dashboard's day is filtered the same way. At a phone and a desktop size.

const regular = (page: Page) => page.getByRole('list', { name: 'Regular quests' });
const shown = (page: Page) => regular(page).getByRole('listitem');

async function createQuest(page: Page, title: string) {
  const response = await page.request.post('/api/quests', {
    data: { title, description: 'Before the weekend' },
  });
  expect(response.status()).toBe(201);
}

/** Tags a quest in its edit dialog: each tag typed, then Enter; saved, and shown on its card. */
async function tagInEditDialog(page: Page, title: string, tags: string[]) {
  const card = regular(page).getByRole('listitem', { name: title });
  await card.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await card.getByRole('button', { name: `Edit: ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Quest' });
  for (const tag of tags) {
    await edit.getByRole('combobox', { name: 'Tags' }).fill(tag);
    await edit.getByRole('combobox', { name: 'Tags' }).press('Enter');
  }
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Quest Updated!').first()).toBeVisible();
  await expect(edit).toBeHidden();
  for (const tag of tags) await expect(card.getByRole('list', { name: 'Tags' })).toContainText(tag);
  // Folded again, so the log's items are the quests alone (an open card lists its tags).
  await card.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await expect(card.getByRole('button', { name: `Edit: ${title}` })).toBeHidden();
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
    await createQuest(page, 'Return library books');
    await createQuest(page, 'Call the bank');
    await createQuest(page, 'Water the plants');
    await page.goto('/quests');
    await expect(shown(page)).toHaveCount(3);

    // Each quest gets its tags in its edit dialog.
    await tagInEditDialog(page, 'Return library books', ['errands', 'books']);
    await tagInEditDialog(page, 'Call the bank', ['errands']);
    await tagInEditDialog(page, 'Water the plants', ['home']);

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
