import { expect, test, type Locator, type Page } from '@playwright/test';
import { dismissOnboardingWizard, newUser } from './helpers.ts';
import { startNoProviderGateway } from './no-provider-gateway.ts';
import type { SecondGateway } from './second-gateway.ts';

// Every link lands: on a server with no external sign-in provider (the default of `npm start`), each
// navigation, call-to-action and quick-action link of the landing page and the dashboard opens a real
// page: never the 404 page, never an error notice.

let server: SecondGateway;
test.beforeAll(async () => {
  server = await startNoProviderGateway();
});
test.afterAll(() => server?.stop());

/** The page is a real one: its own heading (or text) shows, and no 404 page or error notice does. */
async function expectLanded(page: Page, ready: Locator) {
  await expect(ready).toBeVisible();
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toHaveCount(0);
  await expect(page.getByText(/External sign-in/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test('with no sign-in provider, every link of the landing page lands on a real page', async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const authPage = page.getByRole('heading', { name: 'Join the Community' });
  const landing = page.getByRole('heading', { name: 'Level Up Your Life.' });
  // The header's account actions are links in the page written at build time and buttons once the app
  // runs; either way they must land.
  const action = (name: string) =>
    page
      .getByRole('banner')
      .getByRole('link', { name, exact: true })
      .or(page.getByRole('banner').getByRole('button', { name, exact: true }))
      .first();
  const main = page.getByRole('main');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Every link and button of the signed-out landing page, and where it must land (protected pages send a
  // visitor to the sign-in page).
  const targets: Array<[string, () => Locator, Locator]> = [
    [
      'Start Your First Quest or Sign In',
      () => main.getByRole('link', { name: 'Start Your First Quest or Sign In' }),
      authPage,
    ],
    ['Sign In to Start', () => main.getByRole('link', { name: 'Sign In to Start' }), authPage],
    [
      'See How It Works',
      () => main.getByRole('link', { name: 'See How It Works' }),
      page.getByRole('dialog'),
    ],
    ['header Sign In', () => action('Sign In'), authPage],
    ['header Join Community', () => action('Join Community'), authPage],
    ['Level Up home', () => page.getByRole('link', { name: 'Level Up home' }), landing],
    ['Home Base', () => nav.getByRole('link', { name: 'Home Base' }), landing],
    ['Quest Log', () => nav.getByRole('link', { name: 'Quest Log' }), authPage],
    ['Goals', () => nav.getByRole('link', { name: 'Goals' }), authPage],
    ['Community', () => nav.getByRole('link', { name: 'Community' }), authPage],
    ['Sessions', () => nav.getByRole('link', { name: 'Sessions' }), authPage],
    ['Meetups', () => nav.getByRole('link', { name: 'Meetups' }), authPage],
    [
      'Character Progression',
      () => nav.getByRole('link', { name: 'Character Progression' }),
      authPage,
    ],
  ];
  for (const [name, target, ready] of targets) {
    await test.step(name, async () => {
      await page.goto('/');
      await expect(landing).toBeVisible();
      await target().click();
      await expectLanded(page, ready);
    });
  }
  // The sign-in page offers only what this server can do: the password forms.
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Continue with an external sign-in provider' }),
  ).toHaveCount(0);
  await context.close();
});

test('with no sign-in provider, every navigation and quick-action link of the dashboard lands on a real page', async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/register', { data: newUser('links') })).status()).toBe(
    201,
  );
  await page.goto('/');
  await dismissOnboardingWizard(page);
  const dashboard = page.getByRole('navigation', { name: 'Quick actions' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const quick = dashboard;
  const heading = (name: string) => page.getByRole('heading', { name, exact: true });
  const newGoal = page.getByRole('dialog', { name: 'Create New Goal' });
  const targets: Array<[string, () => Locator | Promise<Locator>, Locator]> = [
    ['Home Base', () => nav.getByRole('link', { name: 'Home Base' }), dashboard],
    ['Quest Log', () => nav.getByRole('link', { name: 'Quest Log' }), heading('Quest Log')],
    ['Goals', () => nav.getByRole('link', { name: 'Goals' }), heading('Goal Planner')],
    ['Community', () => nav.getByRole('link', { name: 'Community' }), heading('Community')],
    [
      'Sessions',
      () => nav.getByRole('link', { name: 'Sessions' }),
      heading('Body-Doubling Sessions'),
    ],
    ['Meetups', () => nav.getByRole('link', { name: 'Meetups' }), heading('Weekly Meetups')],
    [
      'Character Progression',
      () => nav.getByRole('link', { name: 'Character Progression' }),
      heading('TALENT TREE'),
    ],
    ['profile', () => nav.getByRole('link', { name: 'Ada Lovelace' }), heading('Ada Lovelace')],
    [
      'Complete Quest',
      () => quick.getByRole('link', { name: 'Complete Quest' }),
      heading('Quest Log'),
    ],
    ['Create Goal', () => quick.getByRole('link', { name: 'Create Goal' }), newGoal],
    [
      'Join Community',
      () => quick.getByRole('link', { name: 'Join Community' }),
      heading('Community'),
    ],
    [
      'Body Doubling',
      () => quick.getByRole('link', { name: 'Body Doubling' }),
      heading('Body-Doubling Sessions'),
    ],
    [
      'Create Your First Goal',
      async () => {
        await page.getByRole('tab', { name: /^Active Goals/ }).click();
        return page.getByRole('link', { name: 'Create Your First Goal' });
      },
      newGoal,
    ],
    ['View Quests', () => page.getByRole('button', { name: 'View Quests' }), heading('Quest Log')],
    [
      'Manage Goals',
      () => page.getByRole('button', { name: 'Manage Goals' }),
      heading('Goal Planner'),
    ],
  ];
  for (const [name, target, ready] of targets) {
    await test.step(name, async () => {
      await page.goto('/');
      await expect(dashboard).toBeVisible();
      await (await target()).click();
      await expectLanded(page, ready);
    });
  }
  // The quick actions' targets are real addresses: Create Goal opens the planner under it, and closing
  // the dialog leaves /goals; Body Doubling is the sessions page.
  await page.goto('/goals/new');
  await expect(newGoal).toBeVisible();
  await expect(heading('Goal Planner')).toBeVisible();
  await newGoal.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/goals$/);
  await page.goto('/body-doubling');
  await expect(heading('Body-Doubling Sessions')).toBeVisible();
  await expect(page).toHaveURL(/\/sessions$/);

  // On a phone the navigation is in the menu, Meetups included.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(dashboard).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await menu.getByRole('link', { name: 'Meetups' }).click();
  await expectLanded(page, heading('Weekly Meetups'));
  await context.close();
});
