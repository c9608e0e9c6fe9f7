import { expect, test } from '@playwright/test';
import { newUser, signUpInBrowser } from './helpers.ts';

// Logout signs out in place: the landing page comes without reloading the app, and whoever signs in
// next in the same tab sees nothing of the last user's (their name, their cached answers).
const SIZES = [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  test(`on a ${size.name}, Logout shows the landing page without a reload and the next user in the tab sees only their own`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const next = { ...newUser('arriving'), displayName: 'Arriving Arlo' };
    expect((await request.post('/api/auth/register', { data: next })).status()).toBe(201);
    await signUpInBrowser(page, { ...newUser('leaving'), displayName: 'Leaving Lena' });
    // Marks this document: a reload or a navigation would start a new one without the mark.
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });

    if (size.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).locator('visible=true').click();

    await expect(page.getByRole('heading', { name: 'Level Up Your Life.' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect((await page.request.get('/api/user/profile')).status()).toBe(401);
    await expect(page.getByText('Leaving Lena')).toHaveCount(0);

    // The landing page's links lead to the suite's external provider (a new document); the sign-in form
    // is reached inside the app, as its router would (the test is about what the page still holds).
    await page.evaluate(() => {
      window.history.pushState({}, '', '/auth');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByLabel('Username or Email').fill(next.username);
    await page.getByLabel('Password', { exact: true }).fill(next.password);
    // The form's own button: the phone's menu (closing after Logout) holds a 'Sign In' button too.
    await page
      .getByRole('tabpanel', { name: 'Sign In' })
      .getByRole('button', { name: 'Sign In', exact: true })
      .click();
    if (size.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: size.name === 'phone' ? 'Mobile' : 'Main' });
    await expect(nav.getByRole('link', { name: 'Arriving Arlo' })).toBeVisible();
    await expect(page.getByText('Leaving Lena')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });
}
