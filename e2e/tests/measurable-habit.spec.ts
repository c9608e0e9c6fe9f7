import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chooseOption, newUser } from './helpers.ts';

// A routine tracked by an amount, driven through the whole stack: a new user makes "Read, at least 20
// pages a day" in the wizard, enters 12 pages (Kinda Sorta, half the XP), then 25 (Completed, the
// rest), finds it in the Quest Log by the tag it was given, edits the target down, and sees the Quest
// Log and the profile agree. Phone and desktop sizes.

const todays = (page: Page) => page.getByRole('tabpanel', { name: /Today's Quests/ });

async function profileXp(page: Page): Promise<number> {
  const profile = (await (await page.request.get('/api/user/profile')).json()) as { xp: number };
  return profile.xp;
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, a reading habit measured in pages goes Kinda Sorta at 12 and Completed at 25, with its XP`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.goto('/auth');
    await page.request.post('/api/auth/register', { data: newUser('pages') });
    await page.goto('/dashboard');

    const wizard = page.getByRole('dialog');
    await expect(wizard).toHaveAccessibleName('What brings you here today?');
    await wizard.getByRole('button', { name: 'Build a routine' }).click();
    await wizard.getByRole('button', { name: /Every day/ }).click();
    await wizard.getByRole('button', { name: /Anytime/ }).click();
    await wizard.getByRole('button', { name: /Inner Growth/ }).click();
    await expect(wizard).toHaveAccessibleName("Let's create your quest!");
    await wizard.getByLabel('Title').fill('Read');
    await wizard.getByLabel('Description').fill('A few pages before bed');
    await wizard.getByRole('radio', { name: 'An amount' }).check();
    // Without a target and a unit the quest cannot be made yet.
    await expect(wizard.getByRole('button', { name: 'Create Quest' })).toBeDisabled();
    await wizard.getByRole('spinbutton', { name: 'Target amount' }).fill('20');
    await wizard.getByRole('textbox', { name: 'Unit' }).fill('pages');
    await expect(wizard.getByText('At least 20 pages a day.')).toBeVisible();
    const tags = wizard.getByLabel('Tags');
    await tags.fill('reading');
    await tags.press('Enter');
    await wizard.getByRole('button', { name: 'Create Quest' }).click();
    await expect(page.getByText('Recurring Quest Created!')).toBeVisible();
    await expect(wizard).toBeHidden();

    const read = todays(page).getByRole('listitem', { name: 'Read' });
    await expect(read.getByText('— / 20 pages')).toBeVisible();
    await expect(read.getByRole('button', { name: /Complete quest/ })).toHaveCount(0);
    const amount = read.getByRole('spinbutton', { name: 'Amount in pages: Read' });
    await amount.fill('12');
    await read.getByRole('button', { name: 'Save amount: Read' }).click();
    await expect(page.getByText('Amount saved: 12 / 20 pages')).toBeVisible();
    await expect(page.getByText('Counts as Kinda Sorta. You earned 12 XP!')).toBeVisible();
    await expect(read.getByText('Partial')).toBeVisible();
    await expect.poll(() => profileXp(page)).toBe(12);

    await amount.fill('25');
    await read.getByRole('button', { name: 'Save amount: Read' }).click();
    await expect(page.getByText('Amount saved: 25 / 20 pages')).toBeVisible();
    await expect(read.getByText('Done')).toBeVisible();
    await expect.poll(() => profileXp(page)).toBe(25);

    // The target edited down in the Quest Log's edit dialog, found by its tag: the day keeps its
    // completion.
    await page.goto('/quests?tag=reading');
    const logged = page
      .getByRole('list', { name: 'Recurring quests' })
      .getByRole('listitem', { name: 'Read' });
    await expect(logged.getByText('25 / 20 pages')).toBeVisible();
    await logged.getByRole('button', { name: /^Read/ }).click();
    await logged.getByRole('button', { name: 'Edit series: Read' }).click();
    const edit = page.getByRole('dialog');
    await expect(edit.getByRole('spinbutton', { name: 'Target' })).toHaveValue('20');
    await edit.getByRole('spinbutton', { name: 'Target' }).fill('10');
    await chooseOption(page, edit.getByRole('combobox', { name: 'Track' }), 'At least an amount');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(logged.getByText('At least 10 pages a day')).toBeVisible();
    expect(await profileXp(page)).toBe(25);
  });
}
