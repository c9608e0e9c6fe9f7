import { expect, test } from '@playwright/test';

// Issue 12: external sign-in through the OpenID Connect provider the suite starts (global-setup.ts):
// the auth page's button, the provider's login and consent pages, and back signed in.
test('a visitor signs in with the external provider and comes back signed in, the same account next time', async ({
  page,
}) => {
  const login = `sso_${Date.now().toString(36)}`;
  const signInThroughProvider = async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with an external sign-in provider' }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    // First time only: the provider asks to share the profile and email.
    const consent = page.getByRole('button', { name: 'Continue' });
    if (await consent.isVisible({ timeout: 3_000 }).catch(() => false)) await consent.click();
  };

  await signInThroughProvider();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(`Explorer ${login}`)).toBeVisible();
  const first = (await (await page.request.get('/api/user/profile')).json()) as {
    id: string;
    username: string;
  };
  expect(first.username).toBe(login);

  await page.goto('/api/logout');
  await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
  await signInThroughProvider();
  await expect(nav.getByText(`Explorer ${login}`)).toBeVisible();
  const again = (await (await page.request.get('/api/user/profile')).json()) as { id: string };
  expect(again.id).toBe(first.id);
});
