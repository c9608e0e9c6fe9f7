import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { addDays, localDate, zoneOffsetMinutes, zonedTimeToInstant } from '@levelup/contracts';
import { longDate, signUpInBrowser } from './helpers.ts';

// Someone in Berlin arrives with years of history: a Loop Habit Tracker full backup (its SQLite .db)
// and a Habitica export made while they lived in New York. Both go through the import dialog; the
// preview's warnings say what Loop's amounts become and which clock Habitica's days are counted by;
// then the calendar shows each imported day where the other app had it, and nothing on the days
// around it. Phone and desktop sizes.

const ZONE = 'Europe/Berlin';
const HABITICA_ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

/** Loop stores a day as its midnight, UTC, in milliseconds. */
const loopDay = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * Loop's "Export full backup": its database as Loop's migrations leave it (schema version 25), with a
 * yes/no habit (2 = checked by hand, 1 = filled in by Loop, which is not a check-off) and a numerical
 * "at most 2 cups" habit (amounts × 1000).
 */
function loopBackup(today: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'loop-backup-'));
  const file = join(dir, 'Loop Habits Backup.db');
  const db = new DatabaseSync(file);
  db.exec(`
    CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer,
      description text, freq_den integer, freq_num integer, highlight integer, name text,
      position integer, reminder_hour integer, reminder_min integer,
      reminder_days integer not null default 127, type integer not null default 0,
      target_type integer not null default 0, target_value real not null default 0,
      unit text not null default "", question text, uuid text);
    CREATE TABLE Repetitions (id integer primary key autoincrement,
      habit integer not null references habits(id), timestamp integer not null,
      value integer not null, notes text);
    PRAGMA user_version = 25;
  `);
  const habit = db.prepare(
    `INSERT INTO Habits (archived, color, description, freq_den, freq_num, highlight, name, position,
       type, target_type, target_value, unit, question, uuid)
     VALUES (0, ?, '', 1, 1, 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const entry = db.prepare('INSERT INTO Repetitions (habit, timestamp, value) VALUES (?, ?, ?)');
  const floss = habit.run(8, 'Floss', 0, 0, 0, 0, '', 'Did you floss?', 'a1').lastInsertRowid;
  const coffee = habit.run(4, 'Coffee', 1, 1, 1, 2, 'cups', 'How many?', 'a2').lastInsertRowid;
  for (const [back, value] of [
    [1, 2],
    [2, 2],
    [3, 1],
  ] as const)
    entry.run(floss, loopDay(addDays(today, -back)), value);
  entry.run(coffee, loopDay(addDays(today, -1)), 3000);
  entry.run(coffee, loopDay(addDays(today, -2)), 1000);
  db.close();
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** Habitica's export: an evening daily checked off at 22:30 New York time on `day`. */
function habiticaExport(day: string): Buffer {
  const checkedAt = zonedTimeToInstant(day, { hour: 22, minute: 30 }, HABITICA_ZONE).getTime();
  return Buffer.from(
    JSON.stringify({
      preferences: {
        dayStart: 0,
        // As the browser's getTimezoneOffset gives it: minutes west of UTC.
        timezoneOffset: -zoneOffsetMinutes(new Date(checkedAt), HABITICA_ZONE),
      },
      tasks: {
        habits: [],
        dailys: [
          {
            _id: 'd-journal',
            id: 'd-journal',
            type: 'daily',
            text: 'Evening journal',
            notes: 'Three lines before bed',
            frequency: 'weekly',
            everyX: 1,
            repeat: { m: true, t: true, w: true, th: true, f: true, s: true, su: true },
            startDate: new Date(Date.now() - 10 * 86_400_000).toISOString(),
            checklist: [],
            history: [{ date: checkedAt, value: 1, isDue: true, completed: true }],
          },
        ],
        todos: [],
        rewards: [],
      },
    }),
  );
}

/** The label of a day of the calendar, moving to its month first (a week back can be last month). */
async function dayLabel(page: Page, date: string, today: string) {
  const calendar = page.getByRole('tabpanel', { name: 'Calendar View' });
  await calendar.scrollIntoViewIfNeeded();
  const lastMonth = date.slice(0, 7) !== today.slice(0, 7);
  if (lastMonth) await calendar.getByRole('button', { name: 'Previous month' }).click();
  const button = calendar.getByRole('button', { name: new RegExp(`^${longDate(date)}:`) });
  const label = await button.getAttribute('aria-label');
  if (lastMonth) await calendar.getByRole('button', { name: 'Next month' }).click();
  return label?.slice(longDate(date).length + 2);
}

async function importFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto('/quests');
  await page.getByRole('button', { name: 'Import habits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import habits' });
  await dialog.getByLabel('Export file').setInputFiles(file);
  return dialog;
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, a Loop backup and a Habitica export from another time zone land on the days the other apps had`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    const profile = (await (await page.request.get('/api/user/profile')).json()) as {
      timeZone: string;
    };
    expect(profile.timeZone).toBe(ZONE);
    const today = localDate(new Date(), ZONE);

    let dialog = await importFile(page, {
      name: 'Loop Habits Backup.db',
      mimeType: 'application/octet-stream',
      buffer: loopBackup(today),
    });
    const preview = dialog.getByRole('region', { name: 'Import preview' });
    await expect(
      preview.getByText('2 recurring series, 0 life tasks, 3 past completions'),
    ).toBeVisible();
    await expect(
      preview.getByText(
        '"Coffee" counts cups (at most 2 a day): imported as a measurable routine with the amounts of its 2 days: 1 Completed, 1 not done (over the limit)',
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Import complete')).toBeVisible();

    // Five days back in New York: at 22:30 there it was already the next day in Berlin.
    const habiticaDay = addDays(localDate(new Date(), HABITICA_ZONE), -5);
    dialog = await importFile(page, {
      name: 'habitica-user-data.json',
      mimeType: 'application/json',
      buffer: habiticaExport(habiticaDay),
    });
    await expect(
      dialog.getByText('1 recurring series, 0 life tasks, 1 past completion'),
    ).toBeVisible();
    await expect(dialog.getByText('Changed or left out on the way in')).toBeVisible();
    await expect(
      dialog.getByText(
        /^Days are counted as Habitica counted them, at UTC−0[45]:00; your time zone here is Europe\/Berlin$/,
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Import complete')).toBeVisible();

    await page.goto('/');
    // Imported history earned no XP, and Recent Activity says so rather than "+20 XP".
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await expect(activity.getByRole('listitem')).toHaveCount(4);
    for (const item of await activity.getByRole('listitem').all())
      await expect(item).toContainText('Imported');
    await expect(activity).not.toContainText('XP');
    // Loop: flossed yesterday and the day before; the day Loop filled in itself is not a check-off.
    // Coffee stayed within 2 cups the day before yesterday only.
    expect(await dayLabel(page, addDays(today, -1), today)).toBe('1 quests, 0 goals, 0 life tasks');
    expect(await dayLabel(page, addDays(today, -2), today)).toBe('2 quests, 0 goals, 0 life tasks');
    expect(await dayLabel(page, addDays(today, -3), today)).toBe('No activity');
    // Habitica: the journal is on its New York day, not on the Berlin day after it.
    expect(await dayLabel(page, habiticaDay, today)).toBe('1 quests, 0 goals, 0 life tasks');
    expect(await dayLabel(page, addDays(habiticaDay, 1), today)).toBe('No activity');
  });
}
