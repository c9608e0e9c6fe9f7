import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME } from '../stack-env.ts';

let counter = 0;

/** A unique new user for one test. */
export function newUser(prefix = 'ada') {
  const suffix = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return {
    displayName: 'Ada Lovelace',
    username: `${prefix}_${suffix}`,
    email: `${prefix}_${suffix}@example.com`,
    password: 'analytical-engine',
  };
}

let signUps = 0;

/**
 * An address of its own for each browser sign-up (the benchmarking range 198.18.0.0/15): the suite's
 * users are different people, and the gateway allows each address a few dozen sign-ups an hour. The
 * suite's stack trusts loopback to name the client (TRUST_PROXY), as it would a load balancer.
 */
function nextSignUpAddress(): string {
  signUps += 1;
  return `198.18.${(signUps >> 8) & 255}.${signUps & 255}`;
}

/** Signs up through the auth page, as a person would, and dismisses the wizard the dashboard offers. */
export async function signUpInBrowser(page: Page, user = newUser()) {
  await signUpThroughForm(page, user);
  await dismissOnboardingWizard(page);
  return user;
}

/** Signs up through the auth page and waits for the dashboard's greeting (the wizard not yet offered). */
export async function signUpThroughForm(page: Page, user = newUser()) {
  const address = nextSignUpAddress();
  await page.route('**/api/auth/register', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Display Name').fill(user.displayName);
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.locator('#sign-up_password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, New Adventurer!' })).toBeVisible();
  await page.unroute('**/api/auth/register');
  return user;
}

/**
 * Waits until the page's animations are over (a dialog's zoom-in, tab and button transitions), so what
 * is measured or scanned then is where it stays. Endless ones, such as a skeleton's shimmer, never end
 * and do not count.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/**
 * A new user's dashboard opens the quest creation wizard by itself after 500 ms until onboarding is
 * marked complete; closing it marks onboarding complete.
 */
export async function dismissOnboardingWizard(page: Page) {
  const wizard = page.getByRole('dialog', { name: 'What brings you here today?' });
  await expect(wizard).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(wizard).toBeHidden();
}

/**
 * Signs the page in as the suite's admin (global-setup signed it up and granted it the role; a sign-up here
 * only happens on a stack started without it, and then the role check below fails clearly).
 */
export async function signInAsAdmin(page: Page) {
  await page.goto('/auth');
  const credentials = {
    ...newUser('admin'),
    username: E2E_ADMIN_USERNAME,
    password: E2E_ADMIN_PASSWORD,
  };
  const registered = await page.request.post('/api/auth/register', { data: credentials });
  if (registered.status() === 409) {
    const login = await page.request.post('/api/auth/login', {
      data: { username: E2E_ADMIN_USERNAME, password: credentials.password },
    });
    expect(login.status()).toBe(200);
  } else {
    expect(registered.status()).toBe(201);
  }
  expect((await (await page.request.get('/api/user/profile')).json()).role).toBe('admin');
}

/**
 * Collects what the page's Content-Security-Policy refused: Chromium reports each refusal on
 * the console. The list is empty when the policy fits everything the app loads.
 */
export function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  return refused;
}

/**
 * Picks `option` in an antd select as a user would: opens it, taps the option and checks the field now
 * shows it, and picks again when it does not (a tap that lands while the list is still opening or
 * moving is lost, which a busy machine makes likely).
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  const field = select.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  await expect(async () => {
    if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
    await page
      .locator(`.ant-select-item-option[title="${option}"]`)
      .filter({ visible: true })
      .click({ timeout: 5_000 });
    await expect(field.locator(`[title="${option}"]`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** 'Friday, November 20', as the calendar names a day. */
export const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
