/**
 * Four moments a user notices, timed in Chromium from the click to what the user waits for, against a
 * running stack (`npm start`, or BASE_URL):
 *   1. 'See How It Works' on the signed-out landing page (a fresh context, empty cache) to its dialog;
 *   2. 'Kinda Sorta' under a quest on the dashboard to the XP figure ('N XP total') changing;
 *   3. the toast's Undo of that completion to the XP figure being back where it was;
 *   4. 'Logout' to the signed-out landing page.
 * Each is played RUNS times (default 5) and printed as min / median / max. Asserts nothing.
 *   node bench/moments.ts
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { percentile } from './lib.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const runs = Number(process.env.RUNS ?? 5);
/** mfe-quests/src/lib/onboarding.ts: the wizard does not open by itself over the dashboard. */
const ONBOARDING_COMPLETED_KEY = 'levelup-onboarding-completed';
const QUEST_XP = 20;
const TIMEOUT = 30_000;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});

/** Set by every page of the bench's contexts: the wall-clock time of the last pointer press. */
const PRESSED_KEY = 'bench-moments-pressed';
const recordPresses = `addEventListener('pointerdown', () => sessionStorage.setItem(${JSON.stringify(PRESSED_KEY)}, String(Date.now())), true);`;

/** The page's globals this script uses in the page (it is compiled without the DOM's types). */
type Element = { textContent: string | null; getBoundingClientRect(): { height: number } };
type PageGlobals = {
  document: { querySelectorAll(selector: string): ArrayLike<Element> };
  sessionStorage: { getItem(key: string): string | null };
};

/** What the user waits for, checked in the page on every frame. */
type Shown = { text: string; selector: string };

/**
 * Milliseconds from the press of `click` (recorded in the page, so Playwright's own checks before the
 * click do not count) to the first frame on which an element matching `selector` with exactly `text`
 * is laid out. The end is the page's wall clock too, so a navigation in between (Logout) is measured
 * whole.
 */
async function timed(page: Page, click: () => Promise<unknown>, shown: Shown) {
  await click();
  const ended = await page.waitForFunction(
    ({ text, selector }) =>
      Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll(selector)).some(
        (element) =>
          element.textContent?.trim() === text && element.getBoundingClientRect().height > 0,
      ) && Date.now(),
    shown,
    { polling: 'raf', timeout: TIMEOUT },
  );
  const pressed = await page.evaluate(
    (key) => Number((globalThis as unknown as PageGlobals).sessionStorage.getItem(key)),
    PRESSED_KEY,
  );
  return ((await ended.jsonValue()) as number) - pressed;
}

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL: base });
  await context.addInitScript(
    `window.localStorage.setItem(${JSON.stringify(ONBOARDING_COMPLETED_KEY)}, 'true');${recordPresses}`,
  );
  return context;
}

/** 1: a new visitor on '/' asks how it works. */
async function howItWorks(): Promise<number> {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'load' });
  await page.getByRole('heading', { name: 'Level Up Your Life.' }).waitFor();
  const ms = await timed(page, () => page.getByRole('link', { name: 'See How It Works' }).click(), {
    selector: 'dialog[open] h2',
    text: 'See How It Works',
  });
  await context.close();
  return ms;
}

/** The dashboard's XP figure, '120 XP total'. */
const xpFigure = (page: Page) => page.getByText(/^\d+ XP total$/);

const figure = (text: string): Shown => ({ selector: 'span', text });

async function signUp(context: BrowserContext) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = {
    username: `moments_${suffix}`,
    email: `moments_${suffix}@example.com`,
    password: 'benchmark',
    displayName: 'Moment Bench',
  };
  const registered = await context.request.post('/api/auth/register', { data: user });
  if (!registered.ok()) throw new Error(`register failed: ${registered.status()}`);
  for (let i = 0; i < runs; i++) {
    const quest = await context.request.post('/api/quests', {
      data: {
        title: `Moment quest ${i}`,
        description: 'Timed by bench/moments.ts',
        xpReward: QUEST_XP,
      },
    });
    if (!quest.ok()) throw new Error(`quest failed: ${quest.status()}`);
  }
  return user;
}

/** 2 and 3: Kinda Sorta on quest `i`, then the toast's Undo, each to the XP figure it leads to. */
async function partialThenUndo(page: Page, i: number): Promise<[number, number]> {
  const before = (await xpFigure(page).textContent())!;
  const xp = Number(before.split(' ')[0]);
  const after = `${xp + QUEST_XP / 2} XP total`;
  const group = page.getByRole('group', { name: `How'd it go? Moment quest ${i}`, exact: true });
  const partial = await timed(
    page,
    () => group.getByRole('button', { name: 'Kinda Sorta' }).click(),
    figure(after),
  );
  const undo = await timed(
    page,
    () => page.getByRole('button', { name: 'Undo' }).click(),
    figure(before),
  );
  // Let the refreshes of this round settle before the next (a toast under the pointer stays).
  await page.mouse.move(0, 0);
  await page.getByText('Completion undone').waitFor({ state: 'hidden', timeout: TIMEOUT });
  return [partial, undo];
}

/** 4: Logout from the dashboard to the signed-out landing page; signs in again for the next run. */
async function logout(page: Page, user: { username: string; password: string }) {
  const ms = await timed(page, () => page.getByRole('button', { name: 'Logout' }).click(), {
    selector: 'h1',
    text: 'Level Up Your Life.',
  });
  const login = await page.request.post('/api/auth/login', {
    data: { username: user.username, password: user.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  return ms;
}

const samples: Record<string, number[]> = {
  "'See How It Works' to its dialog": [],
  "'Kinda Sorta' to the XP figure": [],
  'Undo to the XP figure restored': [],
  "'Logout' to the signed-out page": [],
};
const [demo, partial, undo, signOut] = Object.values(samples) as [
  number[],
  number[],
  number[],
  number[],
];

for (let i = 0; i < runs; i++) demo.push(await howItWorks());

const context = await newContext();
const user = await signUp(context);
const page = await context.newPage();
for (let i = 0; i < runs; i++) {
  await page.goto('/dashboard');
  await xpFigure(page).waitFor({ timeout: TIMEOUT });
  const [p, u] = await partialThenUndo(page, i);
  partial.push(p);
  undo.push(u);
  signOut.push(await logout(page, user));
}
await context.close();
await browser.close();

const ms = (value: number) => `${Math.round(value)} ms`;
for (const [name, values] of Object.entries(samples)) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(36)} n=${sorted.length} min ${ms(sorted[0]!)}  median ${ms(percentile(sorted, 50))}  max ${ms(sorted[sorted.length - 1]!)}`,
  );
}
