import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

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

/** Signs up through the auth page, as a person would, and waits for the dashboard. */
export async function signUpInBrowser(page: Page, user = newUser()) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Display Name').fill(user.displayName);
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.locator('#sign-up_password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, New Adventurer!' })).toBeVisible();
  return user;
}
