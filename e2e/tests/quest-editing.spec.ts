import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chooseOption, signUpInBrowser } from './helpers.ts';

// Everyday use without dead ends: edit, delete, Undo, Clear Completed that keeps the Quest Log, skip,
// pause, every-N and monthly series, snoozing a life task. Data the test only needs to exist is made
// through the API; the action under test is always clicked or typed. XP rules: docs/xp-rules.md.

const todays = (page: Page) => page.getByRole('tabpanel', { name: /Today's Quests/ });
const card = (page: Page, title: string) => todays(page).getByRole('listitem', { name: title });
const logQuest = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Regular quests' }).getByRole('listitem', { name: title });
const logSeries = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Recurring quests' }).getByRole('listitem', { name: title });
const KEEPS_XP =
  'XP you already earned from it stays yours. To take XP back, un-complete it instead.';

async function createQuest(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/quests', { data });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

async function createSeries(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/quests/recurring', {
    data: { recurrenceType: 'daily', ...data },
  });
  expect(response.status()).toBe(201);
}

/** The XP svc-identity holds, once the events reached it. */
async function expectServerXp(page: Page, xp: number) {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/user/profile')).json()) as { xp: number }).xp,
      { timeout: 15_000 },
    )
    .toBe(xp);
}

test('a typo in a quest title is fixed from its card and the new title shows on the dashboard, the Quest Log and Recent Activity', async ({
  page,
}) => {
  await signUpInBrowser(page);
  await createQuest(page, { title: 'Wrtie journal', description: 'Three lines about the day' });
  await page.reload();

  const quest = card(page, 'Wrtie journal');
  await quest.getByRole('button', { name: /^Wrtie journal/ }).click();
  await quest.getByRole('button', { name: 'Edit: Wrtie journal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Quest' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Wrtie journal');
  await dialog.getByLabel('Title').fill('ab');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Quest title must be at least 3 characters')).toBeVisible();
  await dialog.getByLabel('Title').fill('Write journal');
  await dialog.getByLabel('Title').press('Enter');
  await expect(page.getByText('Quest Updated!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Write journal')).toBeVisible();
  await expect(card(page, 'Wrtie journal')).toBeHidden();

  await card(page, 'Write journal')
    .getByRole('button', { name: 'Complete quest: Write journal' })
    .click();
  await expect(page.getByText('Quest Completed!')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Recent activity' }).getByText('Write journal'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'View Quests' }).click();
  await expect(logQuest(page, 'Write journal')).toBeVisible();
  await page.reload();
  await expect(logQuest(page, 'Write journal')).toBeVisible();
});

test('deleting a completed quest and a series keeps the XP and the calendar days, after a confirmation that says so', async ({
  page,
}) => {
  await signUpInBrowser(page);
  await createQuest(page, { title: 'Call the bank', description: 'Ask about the new card' });
  await createSeries(page, { title: 'Stretch', description: 'Ten minutes after waking' });
  await page.reload();

  await card(page, 'Call the bank')
    .getByRole('button', { name: 'Complete quest: Call the bank' })
    .click();
  await expect(page.getByText('You earned 20 XP!')).toBeVisible();
  await card(page, 'Stretch').getByRole('button', { name: 'Complete quest: Stretch' }).click();
  await expect(page.getByText('40 / 100 XP')).toBeVisible();
  await expectServerXp(page, 40);

  // Delete the quest: the confirmation states the rule; Cancel keeps it, Delete removes it.
  const bank = card(page, 'Call the bank');
  await bank.getByRole('button', { name: /^Call the bank/ }).click();
  await bank.getByRole('button', { name: 'Delete: Call the bank' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete quest?' });
  await expect(confirm.getByText(KEEPS_XP)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(bank).toBeVisible();
  await bank.getByRole('button', { name: 'Delete: Call the bank' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Quest Deleted')).toBeVisible();
  await expect(bank).toBeHidden();

  // Delete the series from the Quest Log.
  await page.getByRole('button', { name: 'View Quests' }).click();
  const stretch = logSeries(page, 'Stretch');
  await stretch.getByRole('button', { name: /^Stretch/ }).click();
  await stretch.getByRole('button', { name: 'Delete series: Stretch' }).click();
  const confirmSeries = page.getByRole('dialog', { name: 'Delete recurring quest?' });
  await expect(confirmSeries.getByText(KEEPS_XP)).toBeVisible();
  await confirmSeries.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Recurring Quest Deleted')).toBeVisible();
  await expect(stretch).toBeHidden();
  await expect(page.getByText('No quests yet')).toBeVisible();

  // The XP stays, on the server too, and today still counts both completions in the calendar.
  await expectServerXp(page, 40);
  await page.getByRole('link', { name: 'Home Base' }).click();
  await expect(page.getByText('40 / 100 XP')).toBeVisible();
  const calendar = page.getByRole('tabpanel', { name: 'Calendar View' });
  await calendar.scrollIntoViewIfNeeded();
  const today = calendar.getByRole('button', { name: /: 2 quests, 0 goals, 0 life tasks$/ });
  await expect(today).toBeVisible();
  await today.click();
  await expect(calendar.getByText('Total XP: 40')).toBeVisible();
});

test('a mis-tap is undone from the completion toast, and a completion from the XP history, each exactly once', async ({
  page,
}) => {
  await signUpInBrowser(page);
  await createQuest(page, {
    title: 'Water the plants',
    description: 'Both balconies',
    xpReward: 30,
  });
  await page.reload();

  const plants = card(page, 'Water the plants');
  await plants.getByRole('button', { name: 'Complete quest: Water the plants' }).click();
  const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Quest Completed!' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Completion undone')).toBeVisible();
  await expect(page.getByText('0 / 100 XP')).toBeVisible();
  await expect(
    plants.getByRole('button', { name: 'Complete quest: Water the plants' }),
  ).toBeVisible();
  await expectServerXp(page, 0);

  // Completed again, then taken back from the profile's XP history with the keyboard.
  await plants.getByRole('button', { name: 'Complete quest: Water the plants' }).click();
  await expect(page.getByText('30 / 100 XP')).toBeVisible();
  await expectServerXp(page, 30);
  await page.goto('/profile');
  // Only the standing completion offers Undo: the first one was already taken back.
  const undo = page.getByRole('button', { name: 'Undo: Water the plants' });
  await expect(undo).toHaveCount(1);
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Completion undone')).toBeVisible();
  await expectServerXp(page, 0);
  await expect(page.getByText('−30 XP')).toHaveCount(2);
  // Nothing is left to undo, so no row offers it (a repeated Undo call moves nothing: server tests).
  await expect(undo).toHaveCount(0);
});

test('Clear Completed tidies the dashboard while the Quest Log and Recent Activity keep the quest', async ({
  page,
}) => {
  await signUpInBrowser(page);
  await createQuest(page, { title: 'Pay the rent', description: 'Transfer before the first' });
  await createQuest(page, { title: 'Buy stamps', description: 'A book of ten at the post office' });
  await page.reload();

  await card(page, 'Pay the rent')
    .getByRole('button', { name: 'Complete quest: Pay the rent' })
    .click();
  await expect(page.getByText('Quest Completed!')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Completed' }).click();
  await expect(page.getByText('1 completed quest(s) removed from dashboard.')).toBeVisible();
  await expect(card(page, 'Pay the rent')).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Recent activity' }).getByText('Pay the rent'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'View Quests' }).click();
  await expect(logQuest(page, 'Pay the rent').getByText('Done')).toBeVisible();
  await expect(logQuest(page, 'Buy stamps')).toBeVisible();
  await page.getByRole('switch', { name: 'Show completed' }).click();
  await expect(logQuest(page, 'Pay the rent')).toBeHidden();
  await expect(logQuest(page, 'Buy stamps')).toBeVisible();
});

test("skipping today's occurrence keeps the day streak, and a series is paused and resumed", async ({
  page,
}) => {
  await signUpInBrowser(page);
  await createQuest(page, { title: 'Tidy the desk', description: 'Clear it for tomorrow' });
  await createSeries(page, { title: 'Evening run', description: 'Five kilometres by the river' });
  await page.reload();

  await card(page, 'Tidy the desk')
    .getByRole('button', { name: 'Complete quest: Tidy the desk' })
    .click();
  await expect(page.getByText('Quest Completed!')).toBeVisible();
  const streak = page.locator('.ant-statistic').filter({ hasText: 'Day streak' });
  await expect(streak).toContainText('1');

  const run = card(page, 'Evening run');
  await run.getByRole('button', { name: /^Evening run/ }).click();
  await expect(
    run.getByText("Skipping earns no XP, and today won't break your day streak."),
  ).toBeVisible();
  await run.getByRole('button', { name: 'Skip today: Evening run' }).click();
  await expect(page.getByText('Skipped: Evening run')).toBeVisible();
  await expect(run.getByText('Skipped', { exact: true })).toBeVisible();
  await expect(run.getByRole('button', { name: 'Skip today: Evening run' })).toBeHidden();
  await page.reload();
  await expect(streak).toContainText('1');

  await page.getByRole('button', { name: 'View Quests' }).click();
  const series = logSeries(page, 'Evening run');
  await series.getByRole('button', { name: /^Evening run/ }).click();
  await series.getByRole('button', { name: 'Pause series: Evening run' }).click();
  await expect(page.getByText('Recurring Quest Paused')).toBeVisible();
  await series.getByRole('button', { name: 'Resume series: Evening run' }).click();
  await expect(page.getByText('Recurring Quest Resumed')).toBeVisible();
  await expect(series.getByRole('button', { name: 'Pause series: Evening run' })).toBeVisible();
});

test('the wizard creates an every-3-days series and a monthly one, and a series is edited to every 2 weeks', async ({
  page,
}) => {
  await signUpInBrowser(page);
  const wizard = page.getByRole('dialog');

  for (const { title, choice, every } of [
    { title: 'Water the ferns', choice: /Every day/, every: '3' },
    { title: 'Pay the rent', choice: /Once a month/, every: '1' },
  ]) {
    await page.getByRole('button', { name: 'View Quests' }).click();
    await page.getByRole('button', { name: 'Start New Quest' }).first().click();
    await wizard.getByRole('button', { name: 'Build a routine' }).click();
    await wizard.getByRole('button', { name: choice }).click();
    await wizard.getByRole('button', { name: /Anytime/ }).click();
    await wizard.getByRole('button', { name: /Environment Growth/ }).click();
    await wizard.getByLabel('Title').fill(title);
    await wizard.getByLabel('Description').fill('A small thing that keeps the home running');
    const interval = wizard.getByRole('spinbutton', { name: /Repeat every/ });
    await interval.fill(every);
    await wizard.getByRole('button', { name: 'Create Quest' }).click();
    // This quest's toast (the one before it may still be sliding out beside it).
    const created = page
      .locator('.ant-notification-notice')
      .filter({ hasText: `${title} is on your quest log.` });
    await expect(created.getByText('Recurring Quest Created!')).toBeVisible();
    await expect(wizard).toBeHidden();
    await page.getByRole('link', { name: 'Home Base' }).click();
  }

  await page.getByRole('button', { name: 'View Quests' }).click();
  const ferns = logSeries(page, 'Water the ferns');
  await ferns.getByRole('button', { name: /^Water the ferns/ }).click();
  await expect(ferns.getByText(/^Every 3 days ·/)).toBeVisible();
  const rent = logSeries(page, 'Pay the rent');
  await rent.getByRole('button', { name: /^Pay the rent/ }).click();
  await expect(rent.getByText(/^Monthly ·/)).toBeVisible();

  // Edit the ferns to every 2 weeks on Saturday, with the edit dialog (the create form, filled in).
  await ferns.getByRole('button', { name: 'Edit series: Water the ferns' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Recurring Quest' });
  await expect(edit.getByLabel('Title')).toHaveValue('Water the ferns');
  await edit.getByRole('spinbutton', { name: 'Repeat every' }).fill('2');
  await chooseOption(page, edit.getByRole('combobox', { name: 'Repeat unit' }), 'Weeks');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Select at least one day')).toBeVisible();
  await edit.getByRole('checkbox', { name: 'Sat' }).check();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Recurring Quest Updated!')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(ferns.getByText(/Every 2 weeks: Sat/)).toBeVisible();
});

test('a life task is snoozed until tomorrow and edited', async ({ page }) => {
  await signUpInBrowser(page);
  const endOfToday = new Date();
  endOfToday.setHours(23, 59, 59, 999);
  expect(
    (
      await page.request.post('/api/life-tasks', {
        data: { title: 'Renew pasport', dueDate: endOfToday.toISOString() },
      })
    ).status(),
  ).toBe(201);
  await page.reload();

  const tasks = page.getByRole('list', { name: 'Life tasks' });
  const task = tasks.getByRole('listitem', { name: 'Renew pasport' });
  await expect(task.getByText('Today', { exact: true })).toBeVisible();
  await task.getByRole('button', { name: 'Snooze until tomorrow: Renew pasport' }).click();
  await expect(page.getByText('Life Task Snoozed')).toBeVisible();
  await expect(task.getByText('Tomorrow', { exact: true })).toBeVisible();

  await task.getByRole('button', { name: 'Edit: Renew pasport' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Life Task' });
  await dialog.getByLabel('Title').fill('Renew passport');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Life Task Updated!')).toBeVisible();
  const renamed = tasks.getByRole('listitem', { name: 'Renew passport' });
  await expect(renamed.getByText('Tomorrow', { exact: true })).toBeVisible();

  await renamed.getByRole('button', { name: 'Remove Renew passport' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete life task?' });
  await expect(confirm.getByText(KEEPS_XP)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toBeHidden();
});
