import { expect, test } from '@playwright/test';
import { newUser } from './helpers.ts';

// A paused goal stays within reach: it moves to Paused Goals (not counted as active, on the planner or
// the dashboard), stays there after a reload, and Resume brings it back to Active Goals.
test('a goal is paused, found under Paused Goals, and resumed', async ({ page }) => {
  test.slow();
  expect((await page.request.post('/api/auth/register', { data: newUser('pause') })).status()).toBe(
    201,
  );
  const created = await page.request.post('/api/goals', { data: { title: 'Learn to juggle' } });
  expect(created.status()).toBe(201);

  await page.goto('/goals');
  const active = page.getByRole('region', { name: 'Active Goals' });
  const paused = page.getByRole('region', { name: 'Paused Goals' });
  const summary = page.getByRole('region', { name: 'Goal summary' });
  await active.getByRole('button', { name: 'Expand Learn to juggle' }).click();
  await active.getByRole('button', { name: 'Pause' }).click();

  await expect(paused.getByRole('heading', { name: 'Learn to juggle' })).toBeVisible();
  await expect(active).toHaveCount(0);
  await expect(summary.getByText('1 paused, not counted as active')).toBeVisible();
  await page.reload();
  await expect(paused.getByRole('heading', { name: 'Learn to juggle' })).toBeVisible();

  // The dashboard counts active goals only: the paused one is not among them.
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Active Goals (0)' })).toBeVisible();

  await page.goto('/goals');
  await paused.getByRole('button', { name: 'Expand Learn to juggle' }).click();
  await paused.getByRole('button', { name: 'Resume' }).click();
  await expect(active.getByRole('heading', { name: 'Learn to juggle' })).toBeVisible();
  await expect(paused).toHaveCount(0);
  await expect(summary.getByText(/paused, not counted/)).toHaveCount(0);
  const goals = (await (await page.request.get('/api/goals')).json()) as Array<{ status: string }>;
  expect(goals.map((goal) => goal.status)).toEqual(['active']);

  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Active Goals (1)' })).toBeVisible();
});
