import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chooseOption, newUser, signUpInBrowser } from './helpers.ts';

// The quest screens driven through the whole stack.

const todays = (page: Page) => page.getByRole('tabpanel', { name: /Today's Quests/ });
const card = (page: Page, title: string) => todays(page).getByRole('listitem', { name: title });

test('a new user goes through the wizard to a daily series, completes its occurrence partly then fully, and clears it', async ({
  page,
}) => {
  await page.goto('/auth');
  const user = newUser('wiz');
  await page.request.post('/api/auth/register', { data: user });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, New Adventurer!' })).toBeVisible();
  await expect(page.getByText('No quests for today yet')).toBeVisible();

  // The wizard opens by itself for a new user.
  const wizard = page.getByRole('dialog');
  await expect(wizard).toHaveAccessibleName('What brings you here today?');
  await wizard.getByRole('button', { name: 'Build a routine' }).click();
  await expect(wizard).toHaveAccessibleName('How often?');
  await wizard.getByRole('button', { name: /Every day/ }).click();
  await expect(wizard).toHaveAccessibleName('What time of day?');
  await wizard.getByRole('button', { name: /Anytime/ }).click();
  await expect(wizard).toHaveAccessibleName('Choose your quest path');
  await wizard.getByRole('button', { name: /Inner Growth/ }).click();
  await expect(wizard).toHaveAccessibleName("Let's create your quest!");
  await wizard.getByLabel('Title').fill('Evening journal');
  await wizard.getByLabel('Description').fill('Write three lines about the day');
  await wizard.getByRole('button', { name: 'Create Quest' }).click();
  await expect(page.getByText('Recurring Quest Created!')).toBeVisible();
  await expect(wizard).toBeHidden();

  // Today's occurrence is on the dashboard (To Do's, anytime): 25 XP for build_routine.
  await expect(page.getByRole('tab', { name: "Today's Quests (1)" })).toBeVisible();
  const journal = card(page, 'Evening journal');
  await expect(journal).toBeVisible();
  await journal.getByRole('button', { name: 'Kinda Sorta' }).click();
  await expect(page.getByText('Progress is progress!')).toBeVisible();
  await expect(journal.getByText('Partial')).toBeVisible();
  await expect(journal.getByRole('button', { name: 'Kinda Sorta' })).toBeHidden();
  await expect(page.getByText('12 / 100 XP')).toBeVisible();

  await journal.getByRole('button', { name: 'Complete quest: Evening journal' }).click();
  await expect(page.getByText('Quest Completed!')).toBeVisible();
  await expect(journal.getByText('Done')).toBeVisible();
  await expect(page.getByText('25 / 100 XP')).toBeVisible();

  // The Quest Log shows the series with today's occurrence done.
  await page.getByRole('button', { name: 'View Quests' }).click();
  const recurring = page.getByRole('list', { name: 'Recurring quests' });
  await expect(
    recurring.getByRole('listitem', { name: 'Evening journal' }).getByText('Done'),
  ).toBeVisible();
  await page.goBack();

  await page.getByRole('button', { name: 'Clear Completed' }).click();
  await expect(page.getByText('1 completed quest(s) removed from dashboard.')).toBeVisible();
  await expect(card(page, 'Evening journal')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Clear Completed' })).toBeHidden();
});

test('a quest due today is snoozed to tomorrow, a 100 XP quest levels the user up, and the calendar shows the day', async ({
  page,
}) => {
  await signUpInBrowser(page);
  const endOfToday = new Date();
  endOfToday.setHours(23, 59, 59, 999);
  for (const quest of [
    {
      title: 'Call the bank',
      description: 'Ask about the new card',
      dueDate: endOfToday.toISOString(),
    },
    { title: 'Deep clean the kitchen', description: 'Oven, fridge and floor', xpReward: 100 },
  ])
    expect((await page.request.post('/api/quests', { data: quest })).status()).toBe(201);
  await page.reload();

  const bank = card(page, 'Call the bank');
  await expect(bank.getByText('Today', { exact: true })).toBeVisible();
  await bank.getByRole('button', { name: /^Call the bank/ }).click();
  await bank.getByRole('button', { name: 'Snooze until tomorrow' }).click();
  await expect(page.getByText('Quest Updated!')).toBeVisible();
  // Due tomorrow, it leaves today's list; the Quest Log shows it with its new due badge.
  await expect(bank).toBeHidden();
  await page.getByRole('link', { name: 'Quest Log' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Regular quests' })
      .getByRole('listitem', { name: 'Call the bank' })
      .getByText('Tomorrow', { exact: true }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Home Base' }).click();

  await card(page, 'Deep clean the kitchen')
    .getByRole('button', { name: 'Complete quest: Deep clean the kitchen' })
    .click();
  const levelUp = page.getByRole('dialog', { name: 'Level Up!' });
  await expect(levelUp).toBeVisible();
  await levelUp.getByRole('button', { name: 'Continue Your Journey' }).click();
  await expect(levelUp).toBeHidden();
  await expect(
    page.getByRole('heading', { name: 'Welcome back, Level 2 Adventurer!' }),
  ).toBeVisible();

  // Calendar View: today has one quest; its detail shows the XP.
  // The calendar is below the fold and loads when scrolled near (the first load stays small).
  const calendar = page.getByRole('tabpanel', { name: 'Calendar View' });
  await calendar.scrollIntoViewIfNeeded();
  const today = calendar.getByRole('button', { name: /: 1 quests, 0 goals, 0 life tasks$/ });
  await expect(today).toBeVisible();
  await today.click();
  await expect(calendar.getByText('Total XP: 100')).toBeVisible();
  await expect(
    calendar.getByRole('region', { name: "This Month's Summary" }).getByText('Quests completed'),
  ).toBeVisible();
});

test("the Grid View's scheduling sheet puts a flexible quest on an hour, and 'No Available Quests' when none is left", async ({
  page,
}) => {
  await signUpInBrowser(page);
  await page.request.post('/api/quests', {
    data: {
      title: 'Plan the week',
      description: 'Look at the calendar for the week',
      timeOfDay: 'afternoon',
    },
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Grid View' }).click();
  const grid = page.getByRole('tabpanel', { name: 'Grid View' });
  await expect(grid.getByText("Today's Schedule")).toBeVisible();
  await grid.getByRole('button', { name: 'Schedule Plan the week' }).click();
  const sheet = page.getByRole('dialog', { name: 'Schedule a Quest' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await chooseOption(page, sheet.getByRole('combobox', { name: 'Hour' }), '3 PM');
  await expect(sheet.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Quest Updated!')).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(
    grid.getByRole('region', { name: 'Afternoon block' }).getByText('Plan the week'),
  ).toBeVisible();

  await grid
    .getByRole('region', { name: 'Afternoon block' })
    .getByRole('button', { name: 'Schedule', exact: true })
    .click();
  await expect(
    page.getByRole('dialog', { name: 'Schedule a Quest' }).getByText('No Available Quests'),
  ).toBeVisible();
});

test('a life task is added with a priority and checked off', async ({ page }) => {
  await signUpInBrowser(page);
  await page.getByRole('button', { name: 'Add Life Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Life Task' });
  await dialog.getByLabel('Title').fill('Renew passport');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Priority' }), 'High');
  await dialog.getByRole('button', { name: 'Add Life Task' }).click();
  await expect(page.getByText('Life Task Added!')).toBeVisible();
  const task = page.getByRole('listitem', { name: 'Renew passport' });
  await task.getByRole('button', { name: 'Check Mate: Renew passport' }).click();
  await expect(page.getByText('Life Task Completed!')).toBeVisible();
  await expect(task.getByText('Done')).toBeVisible();
});
