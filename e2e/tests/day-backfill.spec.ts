import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { BACKFILL_RULE, addDays, localDate } from '@levelup/contracts';
import { longDate, signUpInBrowser } from './helpers.ts';

// A missed check-off is filled in from the calendar's day detail: a user whose daily routine started
// three days ago did it the day before yesterday and today, but not yesterday (day streak 1). They open
// yesterday in the calendar, choose Completed for the routine, and the streak is whole again (3). Time
// cannot be moved on the server, so the series is made through the API with a start date three days
// back, and the day before yesterday is filled in through the API too; the click under test is
// yesterday's. An older day stays read-only with the rule line. The same day can be filled in from the
// habit's own page (its Recent days), where the strength and the best streak follow. Phone and desktop
// sizes.

const streakOf = (page: Page) =>
  page
    .locator('.ant-statistic')
    .filter({ hasText: 'Day streak' })
    .locator('.ant-statistic-content');

/** Opens a day of the calendar (going back a month when it is in the one before). */
async function openDay(page: Page, date: string, today: string) {
  const calendar = page.getByRole('tabpanel', { name: 'Calendar View' });
  await calendar.scrollIntoViewIfNeeded();
  if (date.slice(0, 7) !== today.slice(0, 7))
    await calendar.getByRole('button', { name: 'Previous month' }).click();
  await calendar.getByRole('button', { name: new RegExp(`^${longDate(date)}:`) }).click();
  return calendar.getByRole('region', { name: `Activity on ${longDate(date)}` });
}

/** For looking at the screen by eye: BACKFILL_SCREENSHOTS=<folder> saves the day detail in both themes. */
async function screenshots(page: Page, detail: Locator, name: string, size: string) {
  const folder = process.env.BACKFILL_SCREENSHOTS;
  if (!folder) return;
  await detail.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Let the theme's colour transitions finish (a picture only, nothing is asserted on it).
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${folder}/${name}-${size}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * A signed-up user's daily "Stretch", started three days ago, done the day before yesterday (filled in)
 * and today, not yesterday: the day streak is 1.
 */
async function seedMissedYesterday(page: Page) {
  const profile = (await (await page.request.get('/api/user/profile')).json()) as {
    timeZone: string;
  };
  const today = localDate(new Date(), profile.timeZone);
  const created = await page.request.post('/api/quests/recurring', {
    data: {
      title: 'Stretch',
      description: 'Ten minutes every morning',
      recurrenceType: 'daily',
      difficulty: 'easy',
      startDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const series = (await created.json()) as { id: string; todaysOccurrence: { id: string } };
  const filled = await page.request.put(
    `/api/quests/recurring/${series.id}/days/${addDays(today, -2)}`,
    { data: { completionType: 'completed' } },
  );
  expect(filled.status()).toBe(200);
  const done = await page.request.post(
    `/api/quests/occurrences/${series.todaysOccurrence.id}/complete`,
  );
  expect(done.status()).toBe(200);
  return { today, yesterday: addDays(today, -1), seriesId: series.id };
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, yesterday's missed daily is ticked from the calendar and the streak is repaired`, async ({
    page,
  }) => {
    // A whole user journey on a shared two-core machine: more than the default minute.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    const { today, yesterday } = await seedMissedYesterday(page);
    await page.reload();
    await expect(streakOf(page)).toHaveText('1');

    const detail = await openDay(page, yesterday, today);
    await expect(detail.getByText(BACKFILL_RULE)).toBeVisible();
    const routine = detail.getByRole('listitem', { name: 'Stretch' });
    await expect(routine.getByRole('button', { name: "Didn't Complete" })).toBeVisible();
    await expect(routine.getByRole('button', { name: 'Kinda Sorta' })).toBeVisible();
    await screenshots(page, detail, 'day-backfill-before', size);
    await routine.getByRole('button', { name: 'Completed' }).click();
    await expect(page.getByText(`Stretch filled in for ${longDate(yesterday)}`)).toBeVisible();
    await expect(routine.getByRole('button', { name: 'Completed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(routine.getByText('Done')).toBeVisible();
    await expect(streakOf(page)).toHaveText('3');
    await screenshots(page, detail, 'day-backfill-after', size);

    // The XP is on the profile once each: two fills and today's, 3 x 20 for an easy routine.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/user/profile')).json()) as { xp: number }).xp,
      )
      .toBe(60);

    // Eight days back: read-only, with the rule.
    await page.reload();
    const old = await openDay(page, addDays(today, -8), today);
    await expect(old.getByText(BACKFILL_RULE)).toBeVisible();
    await expect(old.getByRole('button')).toHaveCount(0);
    await screenshots(page, old, 'day-backfill-old', size);
  });

  test(`on a ${size}, yesterday's missed daily is ticked from the habit's page and its strength and best streak follow`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    const { seriesId } = await seedMissedYesterday(page);

    await page.goto(`/quests/habits/${seriesId}`);
    await expect(page.getByRole('heading', { name: 'Stretch', level: 1 })).toBeVisible();
    // Strength, m = 0.948078 a day: day before yesterday done 0.051922, yesterday missed 0.049226,
    // today done 0.046670 + 0.051922 = 0.098592: 10%. Missed days before the first done one stay at 0.
    const strength = page.getByRole('region', { name: 'Strength' });
    await expect(strength.getByText('10%', { exact: true })).toBeVisible();
    const streaks = page.getByRole('list', { name: 'Best streaks' });
    await expect(streaks.getByRole('listitem').first()).toContainText('1 day');

    const recent = page.getByRole('region', { name: 'Recent days' });
    await expect(recent.getByText(BACKFILL_RULE)).toBeVisible();
    const day = recent.getByRole('listitem', { name: 'Yesterday' });
    await expect(day.getByRole('button', { name: "Didn't Complete" })).toBeVisible();
    await expect(day.getByRole('button', { name: 'Kinda Sorta' })).toBeVisible();
    await screenshots(page, recent, 'habit-backfill-before', size);
    await day.getByRole('button', { name: 'Completed' }).click();
    await expect(page.getByText(/^Stretch filled in for /)).toBeVisible();
    await expect(day.getByRole('button', { name: 'Completed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(day.getByText('Done')).toBeVisible();

    // Three days done in a row: 0.051922, 0.101148, 0.147818: 15%, and a best streak of 3 days.
    await expect(strength.getByText('15%', { exact: true })).toBeVisible();
    await expect(streaks.getByRole('listitem').first()).toContainText('3 days');
    await screenshots(page, recent, 'habit-backfill-after', size);
  });
}
