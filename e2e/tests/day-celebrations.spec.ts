import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpInBrowser } from './helpers.ts';

// A daily routine linked to a goal: the check-off on the dashboard moves the goal's bar without a
// reload, and when it takes the goal past its target the goal is celebrated (after the completion's
// toast, which keeps its Undo). The toast sits clear of the header (Logout, the menu) and of the XP
// figure that the check-off just moved. The series, the goal and the link are made through the API;
// the click under test is the check-off. Phone and desktop sizes.

/** A routine linked to two goals: 20 of 100 XP a day, and 40 of 30 (reached on the first day). */
async function routineWithGoals(page: Page) {
  const series = await page.request.post('/api/quests/recurring', {
    data: {
      title: 'Stretch daily',
      description: 'Ten minutes every morning',
      recurrenceType: 'daily',
      difficulty: 'easy',
    },
  });
  expect(series.status()).toBe(201);
  const { id: seriesId } = (await series.json()) as { id: string };
  for (const [title, targetXp, xpPerOccurrence] of [
    ['Get flexible', 100, 20],
    ['First stretch', 30, 40],
  ] as const) {
    const goal = await page.request.post('/api/goals', { data: { title, targetXp } });
    expect(goal.status()).toBe(201);
    const { id } = (await goal.json()) as { id: string };
    const link = await page.request.post(`/api/goals/${id}/series`, {
      data: { seriesId, xpPerOccurrence },
    });
    expect(link.status()).toBe(201);
  }
}

/** True when two boxes share any area. */
async function overlaps(a: Locator, b: Locator) {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) throw new Error('an element has no box');
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, a check-off moves its goal at once, celebrates the goal it completes, and its toast covers neither the header nor the XP`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    await routineWithGoals(page);
    await page.reload();

    const goalsTab = page.getByRole('tab', { name: /^Active Goals/ });
    await goalsTab.click();
    const flexible = page.getByRole('listitem', { name: 'Get flexible' });
    await expect(flexible.getByText('0/100 XP')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'First stretch' })).toBeVisible();
    await page.getByRole('tab', { name: /^Today's Quests/ }).click();

    await page.getByRole('button', { name: 'Complete quest: Stretch daily' }).first().click();
    const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Quest Completed!' });
    await expect(toast).toBeVisible();
    const xpFigure = page.getByText('20 XP total');
    await expect(xpFigure).toBeVisible();
    expect(await overlaps(toast, page.locator('.lu-header'))).toBe(false);
    expect(await overlaps(toast, xpFigure)).toBe(false);

    // The goal the check-off completed is celebrated; the toast with its Undo waits behind it.
    const celebration = page.getByRole('dialog', { name: 'Goal Achieved!' });
    await expect(celebration.getByText('First stretch')).toBeVisible();
    await expect(celebration.getByText('40/30 XP: you reached the target you set.')).toBeVisible();
    await celebration.getByRole('button', { name: 'Keep Going' }).click();
    await expect(celebration).toBeHidden();
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();

    // Without a reload: the other goal moved, the completed one left the active list.
    await goalsTab.click();
    await expect(flexible.getByText('20/100 XP')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'First stretch' })).toBeHidden();
    await expect(goalsTab).toHaveText('Active Goals (1)');
  });
}
