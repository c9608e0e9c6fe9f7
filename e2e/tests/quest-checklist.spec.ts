import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signUpInBrowser } from './helpers.ts';

// Steps inside a quest: made in the Create Quest form, ticked on the dashboard's card, and with "Complete
// the quest when every step is ticked" on, the last tick completes the quest and the XP rises. A
// routine's steps are added in its edit form and ticked on today's card the same way. Every action is
// typed or clicked (data the test only needs to exist is made through the API), at a phone and a
// desktop size.

const todays = (page: Page) => page.getByRole('tabpanel', { name: /Today's Quests/ });
const card = (page: Page, title: string) => todays(page).getByRole('listitem', { name: title });

async function xpOf(page: Page): Promise<number> {
  const response = await page.request.get('/api/user/profile');
  expect(response.status()).toBe(200);
  return (await response.json()).xp;
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, a quest made with three steps shows its progress as they are ticked, and the last tick completes it and earns its XP`, async ({
    page,
  }) => {
    // A whole user journey on a shared two-core machine: more than the default minute.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    expect(await xpOf(page)).toBe(0);

    await page.getByRole('button', { name: 'Create Quest' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Quest' });
    await dialog.getByLabel('Title').fill('Clean the kitchen');
    await dialog.getByLabel('Description').fill('Everything shining before the guests arrive');
    const newStep = dialog.getByRole('textbox', { name: 'New step' });
    for (const step of ['Counters', 'Dishes', 'Floor']) {
      await newStep.fill(step);
      await newStep.press('Enter');
    }
    // Dishes first: moved up with the keyboard.
    await dialog.getByRole('button', { name: 'Move step 2 up' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Step 1' })).toHaveValue('Dishes');
    await dialog
      .getByRole('switch', { name: 'Complete the quest when every step is ticked' })
      .click();
    await dialog.getByRole('button', { name: 'Create Quest' }).click();
    await expect(dialog).toBeHidden();

    const kitchen = card(page, 'Clean the kitchen');
    const progress = kitchen.getByRole('button', { name: /^Steps of Clean the kitchen/ });
    await expect(progress).toHaveAccessibleName('Steps of Clean the kitchen: 0/3 steps');
    await progress.click();
    const steps = kitchen.getByRole('list', { name: 'Steps of Clean the kitchen' });
    await expect(steps.getByRole('checkbox')).toHaveCount(3);
    // A click, then the state: the box shows the tick once the card has taken it (check() reads the
    // state at once, before the card's re-render).
    await steps.getByRole('checkbox', { name: 'Dishes' }).click();
    await expect(steps.getByRole('checkbox', { name: 'Dishes' })).toBeChecked();
    await expect(progress).toHaveAccessibleName('Steps of Clean the kitchen: 1/3 steps');
    // With the keyboard: Space ticks the focused step.
    await steps.getByRole('checkbox', { name: 'Counters' }).focus();
    await page.keyboard.press('Space');
    await expect(progress).toHaveAccessibleName('Steps of Clean the kitchen: 2/3 steps');
    await expect(
      kitchen.getByRole('button', { name: 'Complete quest: Clean the kitchen' }),
    ).toBeVisible();

    // The ticks are the server's: still there after a reload.
    await page.reload();
    await expect(progress).toHaveAccessibleName('Steps of Clean the kitchen: 2/3 steps');
    await progress.click();
    await steps.getByRole('checkbox', { name: 'Floor' }).click();
    await expect(page.getByText('Quest Completed!')).toBeVisible();
    await expect(page.getByText('You earned 20 XP!')).toBeVisible();
    await expect(progress).toHaveAccessibleName('Steps of Clean the kitchen: 3/3 steps');
    await expect(
      kitchen.getByRole('button', { name: 'Un-complete: Clean the kitchen' }),
    ).toBeVisible();
    await expect.poll(() => xpOf(page)).toBe(20);

    // Unticking a step leaves the quest completed and the XP where it is.
    await steps.getByRole('checkbox', { name: 'Floor' }).click();
    await expect(steps.getByRole('checkbox', { name: 'Floor' })).not.toBeChecked();
    await expect(progress).toHaveAccessibleName('Steps of Clean the kitchen: 2/3 steps');
    await expect(
      kitchen.getByRole('button', { name: 'Un-complete: Clean the kitchen' }),
    ).toBeVisible();
    expect(await xpOf(page)).toBe(20);
  });
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, a routine given two steps in its edit form has both ticked on the dashboard, and the day completes with its XP`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    const created = await page.request.post('/api/quests/recurring', {
      data: {
        title: 'Morning workout',
        description: 'Before breakfast, every day',
        recurrenceType: 'daily',
      },
    });
    expect(created.status()).toBe(201);
    await page.reload();

    const workout = card(page, 'Morning workout');
    await workout.getByRole('button', { name: /^Morning workout/ }).click();
    await workout.getByRole('button', { name: 'Edit series: Morning workout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Recurring Quest' });
    const newStep = dialog.getByRole('textbox', { name: 'New step' });
    for (const step of ['Stretch', 'Push-ups']) {
      await newStep.fill(step);
      await newStep.press('Enter');
    }
    await expect(dialog.getByRole('textbox', { name: 'Step 2' })).toHaveValue('Push-ups');
    await dialog
      .getByRole('switch', { name: 'Complete the quest when every step is ticked' })
      .click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Recurring Quest Updated!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Today's day has its own copy of the steps, none ticked.
    const progress = workout.getByRole('button', { name: /^Steps of Morning workout/ });
    await expect(progress).toHaveAccessibleName('Steps of Morning workout: 0/2 steps');
    await progress.click();
    const steps = workout.getByRole('list', { name: 'Steps of Morning workout' });
    await steps.getByRole('checkbox', { name: 'Stretch' }).click();
    await expect(steps.getByRole('checkbox', { name: 'Stretch' })).toBeChecked();
    await expect(progress).toHaveAccessibleName('Steps of Morning workout: 1/2 steps');
    expect(await xpOf(page)).toBe(0);

    await steps.getByRole('checkbox', { name: 'Push-ups' }).click();
    await expect(page.getByText('Quest Completed!')).toBeVisible();
    await expect(page.getByText('You earned 20 XP!')).toBeVisible();
    await expect(progress).toHaveAccessibleName('Steps of Morning workout: 2/2 steps');
    await expect(
      workout.getByRole('button', { name: 'Un-complete: Morning workout' }),
    ).toBeVisible();
    await expect.poll(() => xpOf(page)).toBe(20);

    // The day is the server's: still done, with both steps, after a reload.
    await page.reload();
    await expect(progress).toHaveAccessibleName('Steps of Morning workout: 2/2 steps');
    await expect(
      workout.getByRole('button', { name: 'Un-complete: Morning workout' }),
    ).toBeVisible();
  });
}
