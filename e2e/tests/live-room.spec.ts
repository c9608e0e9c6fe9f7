import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import {
  CO_FOCUS_BONUS_REASON,
  CO_FOCUS_BONUS_XP,
  ROOM_PRESENCE_SWEEP_MS,
  ROOM_PRESENCE_TIMEOUT_MS,
} from '@levelup/contracts';
import { newUser } from './helpers.ts';

// A live body-doubling room seen by two members at once, each in a browser context of their own: they see
// each other arrive, read the same timer, one checks in with a quest and completes it at check-out (the
// co-focus bonus lands in the XP history with its reason), the other checks in with today's routine and
// completes it at check-out, then closes the tab and leaves the room.

/** Presence: the other member sees an arrival this fast. */
const APPEAR_MS = 2_000;
/** A closed tab is gone after at most the presence timeout plus one sweep (and a second of delivery). */
const GONE_MS = ROOM_PRESENCE_TIMEOUT_MS + ROOM_PRESENCE_SWEEP_MS + 1_000;

async function member(browser: Browser, prefix: string, displayName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = { ...newUser(prefix), displayName };
  expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
  // Titles are hidden from others until a member shares them; this room's members share theirs.
  const shared = await page.request.put('/api/community/privacy', {
    data: { shareCompletions: 'on' },
  });
  expect(shared.status()).toBe(200);
  return { context, page, user };
}

/** mm:ss or h:mm:ss of the room's timer, in seconds. */
async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  return text
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * Checks in from the room page with a line and one of my quests or routines, picked from the list (seen
 * under its group's heading, when one is named).
 */
async function checkInWith(page: Page, line: string, title: string, group?: string) {
  const form = page.getByRole('form', { name: 'Check in' });
  await form.getByLabel("What I'll work on").fill(line);
  await form.getByRole('combobox').click();
  if (group) await expect(page.getByText(group)).toBeVisible();
  await page.getByTitle(title).click();
  await form.getByRole('button', { name: 'Check in' }).click();
}

/** Chooses Done at check-out, sees the linked item offered for completion (ticked), and checks out. */
async function checkOutDone(page: Page, title: string) {
  const form = page.getByRole('form', { name: 'Check out' });
  await form.getByText('Done', { exact: true }).click();
  await expect(
    form.getByRole('checkbox', { name: new RegExp(`Complete the linked quest: ${title}`) }),
  ).toBeChecked();
  await form.getByRole('button', { name: 'Check out' }).click();
}

const inRoom = (page: Page) => page.getByRole('list', { name: 'In the room' });

test('two members share a live room: presence, one timer, check-ins with a quest and a routine completed at check-out, and the co-focus bonus', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Live room ${Date.now().toString(36)}`;
  const host = await member(browser, 'roomh', 'Hedy Host');
  const guest = await member(browser, 'roomg', 'Gus Guest');

  // The host has a quest to work on, and a session on now that nobody else is in yet.
  const questTitle = `Write the grant report ${Date.now().toString(36)}`;
  const quest = await host.page.request.post('/api/quests', {
    data: { title: questTitle, description: 'Two pages, then proofread' },
  });
  expect(quest.status()).toBe(201);
  // The guest has a daily routine, today's occurrence open.
  const routineTitle = `Stretch ${Date.now().toString(36)}`;
  const routine = await guest.page.request.post('/api/quests/recurring', {
    data: { title: routineTitle, description: 'Ten minutes', recurrenceType: 'daily' },
  });
  expect(routine.status()).toBe(201);
  const created = await host.page.request.post('/api/sessions', {
    data: {
      title,
      description: null,
      startTime: new Date().toISOString(),
      duration: 30,
      maxParticipants: 4,
      category: 'focus',
    },
  });
  expect(created.status()).toBe(201);
  const session = (await created.json()) as { id: string };
  expect((await host.page.request.post(`/api/sessions/${session.id}/join`)).status()).toBe(200);

  await host.page.goto(`/sessions/${session.id}`);
  await expect(host.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(inRoom(host.page).getByRole('listitem', { name: 'Hedy Host (you)' })).toBeVisible();

  // The guest finds the session on the sessions page; Join Now leads into its room.
  await guest.page.goto('/sessions');
  const card = guest.page.locator('.ant-card').filter({ hasText: title });
  await card.getByRole('button', { name: 'Join Now' }).click();
  await expect(guest.page).toHaveURL(new RegExp(`/sessions/${session.id}$`));
  await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Each sees the other in the room within two seconds of arriving.
  await expect(inRoom(host.page).getByRole('listitem', { name: 'Gus Guest' })).toBeVisible({
    timeout: APPEAR_MS,
  });
  await expect(inRoom(guest.page).getByRole('listitem', { name: 'Hedy Host' })).toBeVisible({
    timeout: APPEAR_MS,
  });

  // One timer: both screens read it at the same moment within a second of each other.
  const [hostSeconds, guestSeconds] = await Promise.all([
    timerSeconds(host.page),
    timerSeconds(guest.page),
  ]);
  expect(hostSeconds).toBeGreaterThan(20 * 60);
  expect(Math.abs(hostSeconds - guestSeconds)).toBeLessThanOrEqual(1);
  await expect(host.page.getByRole('heading', { level: 2, name: 'Focus' })).toBeVisible();

  // The host checks in with the quest; the guest sees the line.
  await checkInWith(host.page, 'First draft of the report', questTitle);
  const hostLine = inRoom(guest.page).getByRole('listitem', { name: 'Hedy Host' });
  await expect(hostLine).toContainText('Working on: First draft of the report', {
    timeout: APPEAR_MS,
  });
  await expect(hostLine).toContainText(`Quest: ${questTitle}`);

  // For looking at the screens by eye: ROOM_SCREENSHOTS=<folder> saves both members' pages at phone and
  // desktop sizes in both themes.
  const shots = process.env.ROOM_SCREENSHOTS;
  if (shots) {
    for (const [name, page] of [
      ['room', host.page],
      ['room-guest', guest.page],
    ] as const) {
      for (const [size, viewport] of [
        ['desktop', { width: 1280, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.screenshot({
            path: `${shots}/${name}-${size}-${colorScheme}.png`,
            fullPage: true,
          });
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    const list = await guest.context.newPage();
    for (const colorScheme of ['light', 'dark'] as const) {
      await list.emulateMedia({ colorScheme });
      await list.goto('/sessions');
      await expect(list.getByText(title)).toBeVisible();
      await list.screenshot({ path: `${shots}/sessions-${colorScheme}.png`, fullPage: true });
      await list.setViewportSize({ width: 390, height: 844 });
      await list.screenshot({ path: `${shots}/sessions-phone-${colorScheme}.png`, fullPage: true });
      await list.setViewportSize({ width: 1280, height: 720 });
    }
    await list.close();
  }

  // Check-out: done, completing the linked quest with the usual completion (its XP toast as ever).
  const completion = host.page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /\/api\/quests\/[^/]+\/complete$/.test(response.url()),
  );
  await checkOutDone(host.page, questTitle);
  const { completionEventId } = (await (await completion).json()) as { completionEventId: string };
  await expect(host.page.getByText('Quest Completed!')).toBeVisible();
  await expect(hostLine).toContainText('Done');

  // The co-focus bonus shows in the XP history with its reason (svc-identity adds it from the event).
  // svc-community records the award first: a failure names the hop that did not happen.
  await expect
    .poll(
      async () => {
        const answer = await host.page.request.get(`/api/community/co-focus/${completionEventId}`);
        return ((await answer.json()) as { xp: number }).xp;
      },
      { message: 'svc-community awards the bonus for the completion', timeout: 20_000 },
    )
    .toBe(CO_FOCUS_BONUS_XP);
  // svc-identity's ledger next, through its API (a failure names this hop), then the profile shows it.
  await expect
    .poll(
      async () => {
        const answer = await host.page.request.get('/api/user/xp-history');
        const { entries } = (await answer.json()) as {
          entries: { title: string | null; xpDelta: number; source: string }[];
        };
        const reason = `${CO_FOCUS_BONUS_REASON}: ${questTitle}`;
        return entries.some((e) => e.source === 'co_focus' && e.title === reason);
      },
      { message: 'svc-identity adds the awarded bonus to the XP history', timeout: 20_000 },
    )
    .toBe(true);
  // One load of the profile: on a busy machine a page load can take longer than a short retry loop
  // allows (the last CI runs navigated away before the history had been fetched).
  const profile = await host.context.newPage();
  await profile.goto('/profile');
  await expect(
    profile.getByText(`${CO_FOCUS_BONUS_REASON}: ${questTitle}`, { exact: true }),
  ).toBeVisible({ timeout: 20_000 });
  const bonus = profile
    .getByRole('listitem')
    .filter({ hasText: `${CO_FOCUS_BONUS_REASON}: ${questTitle}` });
  await expect(bonus).toContainText(`+${CO_FOCUS_BONUS_XP} XP`);
  await expect(bonus).toContainText('quest completed in a body-doubling session');
  await profile.close();

  // The guest checks in with today's routine (offered beside one-time quests) and completes it at
  // check-out: the occurrence is done.
  await checkInWith(guest.page, 'Loosen up', routineTitle, "Today's routines");
  await checkOutDone(guest.page, routineTitle);
  await expect(guest.page.getByText('Quest Completed!')).toBeVisible();
  const today = (await (await guest.page.request.get('/api/quests/occurrences')).json()) as {
    title: string;
    isCompleted: boolean;
  }[];
  expect(today.find((o) => o.title === routineTitle)?.isCompleted).toBe(true);

  // The guest closes the tab: gone from the host's room within the presence bound.
  await guest.page.close();
  await expect(inRoom(host.page).getByRole('listitem', { name: 'Gus Guest' })).toHaveCount(0, {
    timeout: GONE_MS,
  });
  await expect(
    host.page.getByRole('list', { name: 'Not here right now' }).getByRole('listitem', {
      name: 'Gus Guest',
    }),
  ).toBeVisible();
  await host.context.close();
  await guest.context.close();
});
