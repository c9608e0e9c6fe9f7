import { expect, test } from '@playwright/test';
import { newUser } from './helpers.ts';

// Quests completed on a path make its root node ready; Check for Unlocks unlocks it.
test('three inner growth quests make Mindful Start ready and Check for Unlocks unlocks it', async ({
  page,
}) => {
  expect(
    (await page.request.post('/api/auth/register', { data: newUser('talent') })).status(),
  ).toBe(201);
  for (const title of ['Meditate', 'Journal', 'Read a chapter']) {
    const created = await page.request.post('/api/quests', {
      data: { title, description: 'Inner growth', growthPath: 'inner_growth' },
    });
    expect(created.status()).toBe(201);
    const quest = (await created.json()) as { id: string };
    expect((await page.request.post(`/api/quests/${quest.id}/complete`, { data: {} })).ok()).toBe(
      true,
    );
  }

  await page.goto('/talent-tree');
  await expect(page.getByRole('heading', { name: 'TALENT TREE' })).toBeVisible();
  const node = page.getByRole('button', { name: /^Mindful Start\s*:/ });
  // The completions reach svc-goals by event.
  await expect(async () => {
    await page.reload();
    await expect(node).toHaveAttribute('data-state', 'ready', { timeout: 6_000 });
  }).toPass({ timeout: 30_000 });
  await expect(node).toHaveAccessibleName(/^Mindful Start\s*: Ready to unlock,\s*3\/3 quests$/);
  const recs = page.getByRole('region', { name: 'Recommended Next Steps' });
  await expect(recs.getByRole('button').first()).toContainText('Mindful Start');

  await page.getByRole('button', { name: 'Check for Unlocks' }).click();
  await expect(page.getByText('New Talent Unlocked!')).toBeVisible();
  await expect(page.getByText('Mindful Start', { exact: true }).last()).toBeVisible();
  await expect(node).toHaveAttribute('data-state', 'unlocked');
  // Its branches are available now, in progress (3 of 8).
  await expect(page.getByRole('button', { name: /: In progress,\s*3\/8 quests$/ })).toHaveCount(2);

  await node.click();
  const dialog = page.getByRole('dialog', { name: 'Mindful Start' });
  await expect(dialog.getByText('Complete 3 quest(s) in the Inner Growth path')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
