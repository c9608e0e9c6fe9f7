import { expect, test } from '@playwright/test';

// External sign-in through the OpenID Connect provider the suite starts (global-setup.ts):
// the auth page's button, the provider's login and consent pages, and back signed in.
test('a visitor signs in with the external provider and comes back signed in, the same account next time', async ({
  page,
}) => {
  const login = `sso_${Date.now().toString(36)}`;
  const nav = page.getByRole('navigation', { name: 'Main' });
  const signedIn = nav.getByText(`Explorer ${login}`);
  const signInThroughProvider = async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with an external sign-in provider' }).click();
    // The provider asks for a login unless its own session remembers one, and for consent the first time.
    const loginField = page.locator('input[name="login"]');
    await expect(loginField.or(signedIn)).toBeVisible();
    if (await loginField.isVisible()) {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    }
    const consent = page.getByRole('button', { name: 'Continue', exact: true });
    await expect(consent.or(signedIn)).toBeVisible();
    if (await consent.isVisible()) await consent.click();
    await expect(signedIn).toBeVisible();
  };

  await signInThroughProvider();
  const first = (await (await page.request.get('/api/user/profile')).json()) as {
    id: string;
    username: string;
  };
  expect(first.username).toBe(login);

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByText('Sign In', { exact: true }).first()).toBeVisible();
  expect((await page.request.get('/api/user/profile')).status()).toBe(401);
  await signInThroughProvider();
  const again = (await (await page.request.get('/api/user/profile')).json()) as { id: string };
  expect(again.id).toBe(first.id);
});
