import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { addDays, isoWeekOf, localDate, parseLocalDate } from '@levelup/contracts';
import { signUpInBrowser } from './helpers.ts';

// A daily habit with a week of history: its page is opened from its card in the Quest Log, and its
// strength, its bars and its best streak are read on screen and through the tables behind "Show as
// table". Time cannot be moved on the server, so the history is made through the API first (a series
// that started six days ago, its past days filled in by back-fill, today's completed); reading the page
// is what is under test. Phone and desktop sizes.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '28 Nov 2026', as the habit page writes a day. */
const dayLabel = (date: string) => {
  const { year, month, day } = parseLocalDate(date);
  return `${day} ${MONTHS[month - 1]} ${year}`;
};

/** The history: six days back to today, each day's state (missed: nothing done). */
const HISTORY = [
  [-6, 'completed'],
  [-5, 'completed'],
  [-4, 'completed'],
  [-3, 'missed'],
  [-2, 'partial'],
  [-1, 'completed'],
  [0, 'completed'],
] as const;

async function seedHabit(page: Page): Promise<string> {
  const profile = (await (await page.request.get('/api/user/profile')).json()) as {
    timeZone: string;
  };
  const today = localDate(new Date(), profile.timeZone);
  const created = await page.request.post('/api/quests/recurring', {
    data: {
      title: 'Meditate',
      description: 'Ten quiet minutes',
      recurrenceType: 'daily',
      startDate: new Date(Date.now() - 6 * 86_400_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const series = (await created.json()) as { id: string };
  for (const [offset, state] of HISTORY) {
    if (state === 'missed') continue;
    const filled = await page.request.put(
      `/api/quests/recurring/${series.id}/days/${addDays(today, offset)}`,
      { data: { completionType: state } },
    );
    expect(filled.status()).toBe(200);
  }
  return today;
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, a habit's page opened from the Quest Log reads its strength, bars and best streak`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    const today = await seedHabit(page);

    await page.goto('/quests');
    const card = page.getByRole('listitem', { name: 'Meditate' });
    await card.getByRole('link', { name: 'Statistics: Meditate' }).click();
    await expect(page).toHaveURL(/\/quests\/habits\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { name: 'Meditate', level: 1 })).toBeVisible();

    // Strength, with m = 0.5 ^ (1/13) = 0.948078 a day and 1 - m = 0.051922:
    // done 0.051922, done 0.101148, done 0.147818, missed 0.140143, partial 0.132867 + 0.025961 =
    // 0.158828, done 0.150581 + 0.051922 = 0.202503, today done 0.191989 + 0.051922 = 0.243911: 24%.
    const strength = page.getByRole('region', { name: 'Strength' });
    await expect(strength.getByText('24%', { exact: true })).toBeVisible();
    await expect(strength.getByText(/5 done, 1 partly done of 7 scheduled days/)).toBeVisible();
    // The line is drawn (a canvas, an image to assistive technology) ...
    const line = strength.getByRole('img', { name: /Strength over the last 12 months.*now 24%/ });
    await expect(line.locator('canvas')).toBeVisible();
    // ... and its figures read as a table.
    await strength.getByRole('button', { name: 'Show as table: Strength' }).click();
    const scoreTable = strength.getByRole('table', { name: 'Strength at the end of each week' });
    await expect(scoreTable.getByRole('row').nth(1)).toHaveAccessibleName(`${dayLabel(today)} 24%`);

    // Bars: this ISO week's done and partly done days, from the days above that fall in it.
    const history = page.getByRole('region', { name: 'History' });
    await expect(
      history.getByRole('img', { name: /Days done per week/ }).locator('canvas'),
    ).toBeVisible();
    await history.getByRole('button', { name: 'Show as table: Done per week' }).click();
    const week = isoWeekOf(today).start;
    const inWeek = HISTORY.filter(([offset]) => addDays(today, offset) >= week);
    const done = inWeek.filter(([, s]) => s === 'completed').length;
    const partial = inWeek.filter(([, s]) => s === 'partial').length;
    const weeks = history.getByRole('table', { name: 'Days done per week' });
    await expect(weeks.getByRole('row').nth(1)).toHaveAccessibleName(
      `Week of ${dayLabel(week)} ${done} ${partial}`,
    );
    // The year: 5 done and 1 partly done, unless the week began in December.
    await history.getByRole('tab', { name: 'Years' }).click();
    await history.getByRole('button', { name: 'Show as table: Done per year' }).click();
    const years = history.getByRole('table', { name: 'Days done per year' });
    if (addDays(today, -6).slice(0, 4) === today.slice(0, 4))
      await expect(years.getByRole('row').nth(1)).toHaveAccessibleName(`${today.slice(0, 4)} 5 1`);

    // Best streaks: the two runs of three, the latest first (partly done counts, the missed day ends a run).
    const streaks = page.getByRole('list', { name: 'Best streaks' });
    await expect(streaks.getByRole('listitem')).toHaveCount(2);
    await expect(streaks.getByRole('listitem').first()).toContainText(
      `3 days${dayLabel(addDays(today, -2))} – ${dayLabel(today)}`,
    );
    await expect(streaks.getByRole('listitem').nth(1)).toContainText(
      `3 days${dayLabel(addDays(today, -6))} – ${dayLabel(addDays(today, -4))}`,
    );

    // The Habits list has it with the same strength.
    await page.getByRole('link', { name: 'All habits' }).click();
    const habits = page.getByRole('list', { name: 'Habits' });
    await expect(habits.getByRole('listitem')).toContainText(['Meditate']);
    await expect(habits.getByRole('listitem').first()).toContainText('24%');

    const folder = process.env.HABIT_STATS_SCREENSHOTS;
    if (folder) {
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Meditate', level: 1 })).toBeVisible();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        // Let the theme's colours settle (a picture only, nothing is asserted on it).
        await page.waitForTimeout(600);
        await page.screenshot({
          path: `${folder}/habit-${size}-${colorScheme}.png`,
          fullPage: true,
        });
      }
    }
  });
}
