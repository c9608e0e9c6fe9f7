import { strToU8, zipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { signUpInBrowser } from './helpers.ts';

// Import from Loop Habit Tracker and Habitica: choose the export file, see the preview, import, find the
// series and the streak, then Undo import (from the toast and from the list of past imports). The
// exports are written the way the two apps write them, with dates counted back from today (UTC, the
// browser's zone here).

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
const noonDaysAgo = (n: number) => Date.parse(`${daysAgo(n)}T12:00:00.000Z`);

/** Loop's "Export as CSV" zip: Habits.csv, the all-habits Checkmarks.csv and per-habit folders. */
function loopZip(): Buffer {
  const habits =
    'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n' +
    '001,Meditate,YES_NO,Did you meditate this morning?,,1,1,#FF8F00,,,,false\n';
  const rows = Array.from({ length: 10 }, (_, n) => {
    const value = n < 5 ? 'YES_MANUAL' : n === 5 ? 'NO' : 'YES_MANUAL';
    return `${daysAgo(n)},${value},`;
  });
  return Buffer.from(
    zipSync({
      'Habits.csv': strToU8(habits),
      'Checkmarks.csv': strToU8(`Date,Meditate,\n${rows.join('\n')}\n`),
      'Scores.csv': strToU8('Date,Meditate,\n'),
      '001 Meditate/Checkmarks.csv': strToU8('Date,Value,Notes\n'),
      '001 Meditate/Scores.csv': strToU8('Date,Score\n'),
    }),
  );
}

/** Habitica's "user data" JSON export with one daily, one habit and a done todo. */
function habiticaJson(): Buffer {
  const history = [3, 2, 1].map((n) => ({
    date: noonDaysAgo(n),
    value: 4 - n,
    isDue: true,
    completed: true,
  }));
  return Buffer.from(
    JSON.stringify({
      _id: 'a0b1c2d3-0000-4000-8000-000000000001',
      profile: { name: 'Quest Fan' },
      stats: { lvl: 7, exp: 40 },
      inbox: { messages: {} },
      tasks: {
        habits: [
          {
            _id: 'h1',
            type: 'habit',
            text: 'Smoke',
            up: false,
            down: true,
            history: [{ date: noonDaysAgo(1), value: -1, scoredUp: 0, scoredDown: 1 }],
          },
        ],
        dailys: [
          {
            _id: 'd1',
            type: 'daily',
            text: 'Morning stretch',
            notes: 'Ten minutes, before coffee',
            frequency: 'weekly',
            everyX: 1,
            repeat: { m: true, t: true, w: true, th: true, f: true, s: true, su: true },
            startDate: new Date(noonDaysAgo(30)).toISOString(),
            checklist: [],
            history,
          },
        ],
        todos: [
          {
            _id: 't1',
            type: 'todo',
            text: 'File taxes',
            completed: true,
            dateCompleted: new Date(noonDaysAgo(2)).toISOString(),
          },
        ],
        rewards: [],
      },
    }),
  );
}

/**
 * A Loop export as Loop's exporter writes it: the all-habits Checkmarks.csv header unquoted (two habits
 * named "Vegan", one named "Read, write"), numerical values times 1000, a per-habit folder for each.
 */
function loopZipAsLoopWritesIt(): Buffer {
  const habits =
    'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n' +
    '001,Vegan,YES_NO,Vegan lunch?,,1,1,#7CB342,,,,false\n' +
    '002,Vegan,YES_NO,Vegan dinner?,,1,1,#388E3C,,,,false\n' +
    '003,"Read, write",YES_NO,Read then write?,,1,1,#1976D2,,,,false\n' +
    '004,Cigarettes,NUMERICAL,How many?,,1,1,#D32F2F,cigarettes,AT_MOST,0.0,false\n' +
    '005,Run,NUMERICAL,How far?,,1,1,#5E35B1,km,AT_LEAST,8.0,false\n';
  // Today and yesterday, one value per habit in the order of Habits.csv.
  const days: [string, string[]][] = [
    [daysAgo(0), ['YES_MANUAL', 'YES_MANUAL', 'YES_MANUAL', 'NO', '4000']],
    [daysAgo(1), ['NO', 'YES_MANUAL', 'SKIP', '3000', '9000']],
  ];
  const all = `Date,Vegan,Vegan,Read, write,Cigarettes,Run,\n${days
    .map(([day, values]) => `${day},${values.map((v) => `${v},`).join('')}`)
    .join('\n')}\n`;
  const folders = ['001 Vegan', '002 Vegan', '003 Read write', '004 Cigarettes', '005 Run'];
  const files: Record<string, Uint8Array> = {
    'Habits.csv': strToU8(habits),
    'Checkmarks.csv': strToU8(all),
  };
  folders.forEach((folder, i) => {
    const rows = days.map(([day, values]) => `${day},${values[i]},\n`).join('');
    files[`${folder}/Checkmarks.csv`] = strToU8(`Date,Value,Notes\n${rows}`);
  });
  return Buffer.from(zipSync(files));
}

async function openImport(page: Page) {
  await page.goto('/quests');
  await page.getByRole('button', { name: 'Import habits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import habits' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const dayStreak = (page: Page) =>
  page
    .locator('.ant-statistic')
    .filter({ hasText: 'Day streak' })
    .locator('.ant-statistic-content');

test('a Loop CSV export and a Habitica export are previewed, imported with their streaks, and undone', async ({
  page,
}) => {
  await signUpInBrowser(page);

  // Loop: the zip, its preview, import.
  let dialog = await openImport(page);
  await dialog.getByLabel('Export file').setInputFiles({
    name: 'Loop Habits CSV.zip',
    mimeType: 'application/zip',
    buffer: loopZip(),
  });
  const preview = dialog.getByRole('region', { name: 'Import preview' });
  await expect(
    preview.getByText('1 recurring series, 0 life tasks, 9 past completions'),
  ).toBeVisible();
  await expect(preview.getByText('Every day · 9 past completions · 5 days streak')).toBeVisible();
  await expect(
    preview.getByText('Imported history counts for your streaks and calendar but earns no XP.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Import complete')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Recurring quests' }).getByText('Meditate'),
  ).toBeVisible();

  // Habitica: the JSON file; the negative habit comes in as a habit to break with its slip.
  dialog = await openImport(page);
  await dialog.getByLabel('Export file').setInputFiles({
    name: 'habitica-user-data.json',
    mimeType: 'application/json',
    buffer: habiticaJson(),
  });
  await expect(
    dialog.getByText(
      '1 recurring series, 1 life task, 1 habit to break, 3 past completions, 1 slip',
    ),
  ).toBeVisible();
  await expect(
    dialog.getByRole('list', { name: 'Habits to break to create' }).getByRole('listitem'),
  ).toHaveText('Smoke · Habit to break · 1 slip');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Import complete' });
  await expect(toast).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Recurring quests' }).getByText('Morning stretch'),
  ).toBeVisible();

  // The slip of yesterday is on the Habits page: one day without a slip.
  await page.goto('/quests/habits');
  await expect(
    page.getByRole('group', { name: 'Smoke' }).getByText('1 day without a slip'),
  ).toBeVisible();

  // The streak counts the imported days, and no XP came with them.
  await page.goto('/');
  await expect(dayStreak(page)).toHaveText('5');
  const profile = (await (await page.request.get('/api/user/profile')).json()) as { xp: number };
  expect(profile.xp).toBe(0);

  // Undo the Loop import from the list of past imports: its series and streak go.
  dialog = await openImport(page);
  const past = dialog.getByRole('region', { name: 'Past imports' });
  await past.getByRole('button', { name: 'Undo import of Loop Habits CSV.zip' }).click();
  await expect(page.getByText('Import undone')).toBeVisible();
  await expect(past.getByText('Undone')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('list', { name: 'Recurring quests' }).getByText('Meditate'),
  ).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Recurring quests' }).getByText('Morning stretch'),
  ).toBeVisible();
  await page.goto('/');
  await expect(dayStreak(page)).toHaveText('3');
});

test('Undo import in the toast removes what the import just created', async ({ page }) => {
  await signUpInBrowser(page);
  const dialog = await openImport(page);
  await dialog.getByLabel('Export file').setInputFiles({
    name: 'habitica-user-data.json',
    mimeType: 'application/json',
    buffer: habiticaJson(),
  });
  await expect(
    dialog.getByText(
      '1 recurring series, 1 life task, 1 habit to break, 3 past completions, 1 slip',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Import complete' });
  await expect(
    page.getByRole('list', { name: 'Recurring quests' }).getByText('Morning stretch'),
  ).toBeVisible();
  await toast.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText('Import undone')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Recurring quests' }).getByText('Morning stretch'),
  ).toBeHidden();
  // The habit to break it brought goes too.
  const breakHabits = await (await page.request.get('/api/quests/break-habits')).json();
  expect(breakHabits).toEqual([]);
});

test('a file that is not an export is refused with a clear message and nothing is imported', async ({
  page,
}) => {
  await signUpInBrowser(page);
  const dialog = await openImport(page);
  await dialog.getByLabel('Export file').setInputFiles({
    name: 'Habits.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Name,Colour\nRun,red\n'),
  });
  await expect(
    dialog.getByText(
      'Habits.csv is not a Loop Habit Tracker export: it has no Name and frequency columns',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
});

test("a Loop export as Loop writes it comes in on the right habits and days: the preview's warnings say what cannot be carried, and the calendar shows the history", async ({
  page,
}) => {
  await signUpInBrowser(page);
  const dialog = await openImport(page);
  await dialog.getByLabel('Export file').setInputFiles({
    name: 'Loop Habits CSV.zip',
    mimeType: 'application/zip',
    buffer: loopZipAsLoopWritesIt(),
  });
  const preview = dialog.getByRole('region', { name: 'Import preview' });
  await expect(
    preview.getByText('5 recurring series, 0 life tasks, 7 past completions'),
  ).toBeVisible();
  await expect(preview.getByText('Read, write', { exact: true })).toBeVisible();
  await expect(
    preview.getByText(
      '"Cigarettes" counts cigarettes (at most 0 a day): imported as a measurable routine with the amounts of its 2 days: 1 Completed, 1 not done (over the limit)',
    ),
  ).toBeVisible();
  await expect(
    preview.getByText(
      '"Run" counts km (at least 8 a day): imported as a measurable routine with the amounts of its 2 days: 1 Completed, 1 Kinda Sorta (some, under the target), 0 not done (0)',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Import complete')).toBeVisible();

  // Today: both Vegan habits, "Read, write", a day without cigarettes and 4 km of 8 (Kinda Sorta).
  await page.getByRole('link', { name: 'Home Base' }).click();
  const calendar = page.getByRole('tabpanel', { name: 'Calendar View' });
  await calendar.scrollIntoViewIfNeeded();
  // Three or more done in a day make it a star day, which its name says.
  await expect(
    calendar.getByRole('button', { name: /: 5 quests, 0 goals, 0 life tasks, star day$/ }),
  ).toBeVisible();
});
