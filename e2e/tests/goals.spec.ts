import { expect, test } from '@playwright/test';
import { chooseOption, newUser } from './helpers.ts';

// Create a goal from a template, link a series, complete an occurrence, and see the journey's
// star fill and the goal move to Completed Goals.
test('a goal from a template, linked to a series, completes when its occurrence is done', async ({
  page,
}) => {
  // Two waits for events, each reloading the page until it shows them: room for a busy machine.
  test.slow();
  expect((await page.request.post('/api/auth/register', { data: newUser('goal') })).status()).toBe(
    201,
  );
  const created = await page.request.post('/api/quests/recurring', {
    data: { title: 'Morning stretch', description: 'Ten minutes', recurrenceType: 'daily' },
  });
  expect(created.status()).toBe(201);
  const series = (await created.json()) as { id: string };

  await page.goto('/goals');
  await page.getByRole('button', { name: 'Create First Goal' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Goal' });
  await create.getByRole('tab', { name: 'Learning' }).click();
  await create.getByRole('button', { name: /Read 12 Books This Year/ }).click();
  await expect(create.getByLabel('Title')).toHaveValue('Read 12 Books This Year');
  const target = Number(await create.getByLabel('Target XP').inputValue());
  await create.getByRole('button', { name: 'Create Goal' }).click();
  await expect(create).toBeHidden();

  const active = page.getByRole('region', { name: 'Active Goals' });
  await expect(active.getByRole('heading', { name: 'Read 12 Books This Year' })).toBeVisible();
  await active.getByRole('button', { name: 'Expand Read 12 Books This Year' }).click();
  await expect(
    active.getByText(
      'No recurring quests linked to this goal yet. Link a recurring series to see your journey path!',
    ),
  ).toBeVisible();

  await active.getByRole('button', { name: 'Link Series' }).click();
  const link = page.getByRole('dialog', { name: 'Link Quest Series to Goal' });
  // One occurrence worth the whole target, so completing it completes the goal.
  await link.getByRole('spinbutton', { name: 'XP per Occurrence' }).fill(String(target));
  await chooseOption(
    page,
    link.getByRole('combobox', { name: 'Recurring Series' }),
    'Morning stretch',
  );
  await expect(link.getByRole('button', { name: 'Link Series' })).toBeEnabled();
  await link.getByRole('button', { name: 'Link Series' }).click();
  await expect(link).toBeHidden();

  // Today's occurrence (GET /api/quests/recurring materialises it) reaches the journey by event.
  const journey = active.getByRole('figure', { name: 'Journey of Read 12 Books This Year' });
  await expect(async () => {
    await page.reload();
    await page
      .getByRole('region', { name: 'Active Goals' })
      .getByRole('button', { name: 'Expand Read 12 Books This Year' })
      .click();
    await expect(journey.getByText('0 of 1 completed (0%)')).toBeVisible({ timeout: 6_000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    journey.getByRole('button', {
      name: /^Morning stretch, .*: Not completed - \d+ XP available$/,
    }),
  ).toBeVisible();
  await expect(page.getByText(/^Forecast: on track for \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  const recurring = (await (await page.request.get('/api/quests/recurring')).json()) as Array<{
    id: string;
    todaysOccurrence: { id: string } | null;
  }>;
  const occurrence = recurring.find((s) => s.id === series.id)?.todaysOccurrence;
  expect(occurrence).toBeTruthy();
  expect(
    (
      await page.request.post(`/api/quests/occurrences/${occurrence?.id}/complete`, { data: {} })
    ).ok(),
  ).toBe(true);

  const completed = page.getByRole('region', { name: 'Completed Goals' });
  await expect(async () => {
    await page.reload();
    await expect(completed.getByRole('heading', { name: 'Read 12 Books This Year' })).toBeVisible({
      timeout: 6_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Active Goals' })).toHaveCount(0);
  await completed.getByRole('button', { name: 'Expand Read 12 Books This Year' }).click();
  const done = completed.getByRole('figure', { name: 'Journey of Read 12 Books This Year' });
  await expect(done.getByText('1 of 1 completed (100%)')).toBeVisible();
  const star = done.getByRole('button', {
    name: new RegExp(`^Morning stretch, .*: Completed - ${target} XP contributed$`),
  });
  await expect(star).toHaveClass(/lu-star-done/);
  await expect(completed.getByText(`${target} / ${target} XP`)).toBeVisible();
  await expect(completed.getByRole('button', { name: 'Add XP' })).toHaveCount(0);
  // The replay from the keyboard.
  await star.focus();
  await page.keyboard.press('Enter');
  await expect(done.getByTestId('journey-particle').first()).toBeAttached();
});
