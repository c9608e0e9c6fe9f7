import { expect, request, test } from '@playwright/test';
import { E2E_BASE_URL } from '../stack-env.ts';
import { newUser } from './helpers.ts';

// The calendar feed: the profile shows a secret iCalendar link that a calendar app fetches without a
// session; Rotate replaces it and the old link is 404 at once.

test('the profile shows the feed link; it answers text/calendar with the scheduled quest without a session; Rotate changes it and the old one is 404', async ({
  page,
}) => {
  await page.goto('/auth');
  const user = { ...newUser('ical'), timeZone: 'America/New_York' };
  expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
  const tomorrowAtNoonUtc = new Date(Date.now() + 86_400_000);
  tomorrowAtNoonUtc.setUTCHours(17, 0, 0, 0);
  const created = await page.request.post('/api/quests', {
    data: {
      title: 'Dentist, bring the forms',
      description: 'Second floor',
      scheduledTime: tomorrowAtNoonUtc.toISOString(),
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Calendar Feed' });
  await expect(card.getByText('Anyone with the link can read these events')).toBeVisible();
  await card.getByRole('button', { name: 'Create calendar link' }).click();
  const field = card.getByRole('textbox', { name: 'Calendar feed URL' });
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{64}\.ics$/);
  const first = await field.inputValue();
  expect(first.startsWith(E2E_BASE_URL)).toBe(true);
  await expect(card.getByRole('button', { name: 'Copy' })).toBeVisible();

  // A calendar app: no cookie, no session.
  const calendarApp = await request.newContext();
  try {
    const feed = await calendarApp.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    const text = await feed.text();
    expect(text).toContain('SUMMARY:Dentist\\, bring the forms');
    expect(text).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T\d{6}/);
    expect(text).toContain('BEGIN:VTIMEZONE');

    await card.getByRole('button', { name: 'Rotate' }).click();
    await page
      .locator('.ant-popover', { hasText: 'Rotate the calendar link?' })
      .getByRole('button', { name: 'Rotate' })
      .click();
    await expect(field).not.toHaveValue(first);
    const second = await field.inputValue();
    expect((await calendarApp.get(first)).status()).toBe(404);
    const renewed = await calendarApp.get(second);
    expect(renewed.status()).toBe(200);
    expect(await renewed.text()).toContain('SUMMARY:Dentist\\, bring the forms');

    await page.reload();
    await expect(card.getByRole('textbox', { name: 'Calendar feed URL' })).toHaveValue(second);
  } finally {
    await calendarApp.dispose();
  }
});
