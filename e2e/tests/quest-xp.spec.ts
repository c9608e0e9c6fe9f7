import { expect, test } from '@playwright/test';
import { newUser, signUpInBrowser } from './helpers.ts';

test('a new user signs up, creates and completes a quest, and sees the XP and level rise without a reload', async ({
  page,
}) => {
  await signUpInBrowser(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('0 / 100 XP')).toBeVisible();

  await page.getByRole('button', { name: 'Create Quest' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Quest' });
  await dialog.getByLabel('Title').fill('Morning stretch');
  await dialog.getByLabel('Description').fill('Ten minutes of gentle stretching after waking up');
  await dialog.getByLabel('XP Reward').fill('120');
  await dialog.getByRole('button', { name: 'Create Quest' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Morning stretch', { exact: true })).toBeVisible();

  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  await page.getByRole('button', { name: /complete.*Morning stretch/i }).click();
  await expect(page.getByText('Quest Completed!')).toBeVisible();
  await expect(page.getByText('You earned 120 XP!')).toBeVisible();

  // 120 XP passes level 1 (100 XP): the celebration opens, then the bar shows 20 of level 2's 200.
  const levelUp = page.getByRole('dialog', { name: 'Level Up!' });
  await expect(levelUp).toBeVisible();
  await levelUp.getByRole('button', { name: 'Continue Your Journey' }).click();
  await expect(page.getByText('20 / 200 XP')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Welcome back, Level 2 Adventurer!' }),
  ).toBeVisible();
  expect(navigations).toEqual([]);

  // The XP is the server's, not only the page's: it is still there after a reload.
  await page.reload();
  await expect(page.getByText('20 / 200 XP')).toBeVisible();
  await expect(page.getByText('120 XP total')).toBeVisible();
});

// A completion that levels up opens the celebration over its own toast, whose Undo has five seconds.
// The toast waits for the dialog: on a phone the celebration is closed first and the Undo is still
// there; on a desktop the Undo is clicked while the dialog is open (the toast sits above it; a modal
// hides the rest of the page from assistive technology, hence includeHidden) and the dialog follows.
for (const [size, viewport, undoWhileOpen] of [
  ['phone', { width: 390, height: 844 }, false],
  ['desktop', { width: 1366, height: 800 }, true],
] as const) {
  test(`on a ${size}, the Undo of a completion that levelled up outlasts the celebration and takes the level back`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);
    const quest = await page.request.post('/api/quests', {
      data: {
        title: 'Finish the report',
        description: 'The whole report in one go',
        xpReward: 120,
      },
    });
    expect(quest.status()).toBe(201);
    await page.reload();
    // The card keeps its title on one line, open and done: on a phone its state and action go under
    // the title rather than squeezing it into a narrow column.
    const card = page.getByRole('listitem', { name: 'Finish the report', includeHidden: true });
    const titleLines = () =>
      card
        .getByText('Finish the report', { exact: true })
        .evaluate(
          (title) =>
            title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight),
        );
    expect(await titleLines()).toBeLessThan(1.5);
    await page.getByRole('button', { name: 'Complete quest: Finish the report' }).click();
    const levelUp = page.getByRole('dialog', { name: 'Level Up!' });
    await expect(levelUp).toBeVisible();
    await expect(
      card.getByRole('button', { name: 'Un-complete: Finish the report', includeHidden: true }),
    ).toBeAttached();
    expect(await titleLines()).toBeLessThan(1.5);
    // Longer than the toast's own five seconds.
    await page.waitForTimeout(6_500);
    if (!undoWhileOpen)
      await levelUp.getByRole('button', { name: 'Continue Your Journey' }).click();
    const undo = page.getByRole('button', { name: 'Undo', includeHidden: undoWhileOpen });
    await expect(undo).toBeVisible();
    // The XP the undo took back shows from its own answer: svc-community's word on a co-focus bonus
    // (none here) is held back and never comes.
    await page.route('**/api/community/co-focus/**', () => {});
    await undo.click();
    await expect(levelUp).toBeHidden();
    await expect(page.getByText('0 / 100 XP')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Welcome back, Level 1 Adventurer!' }),
    ).toBeVisible();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/user/profile')).json()) as { xp: number }).xp,
      )
      .toBe(0);
  });
}

test("sign-up shows each field's validation message and creates nothing", async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Username', { exact: true }).fill('ab');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.locator('#sign-up_password').fill('12345');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Display name is required')).toBeVisible();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a wrong password is refused with the server message', async ({ page, request }) => {
  const user = newUser('grace');
  const registered = await request.post('/api/auth/register', { data: user });
  expect(registered.status()).toBe(201);
  await page.goto('/auth');
  await page.getByLabel('Username or Email').fill(user.username);
  await page.locator('#sign-in_password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-out visitor is sent to /auth from a protected page, and unknown paths show the 404 page', async ({
  page,
}) => {
  await page.goto('/quests');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Join the Community' })).toBeVisible();
  await page.goto('/no/such/place');
  await expect(page.getByText('404 - Page Not Found')).toBeVisible();
  await expect(page.getByText("This quest location doesn't exist yet!")).toBeVisible();
});

test('an identity header sent by the browser is ignored', async ({ page }) => {
  const user = await signUpInBrowser(page);
  const spoofed = await page.request.get('/api/user/profile', {
    headers: { 'x-user-id': 'someone-else' },
  });
  expect(spoofed.status()).toBe(200);
  expect((await spoofed.json()).username).toBe(user.username);

  const anonymous = await page.context().browser()!.newContext({ baseURL: page.url() });
  const forged = await anonymous.request.get('/api/quests', {
    headers: {
      'x-user-id': (await spoofed.json()).id,
      'x-identity-sig': 'f'.repeat(64),
      'x-identity-ts': String(Date.now()),
    },
  });
  expect(forged.status()).toBe(401);
  await anonymous.close();
});
