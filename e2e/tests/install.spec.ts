import { expect, test } from '@playwright/test';

// The installable app: web manifest with icons and /service-worker.js registered; the app
// shell opens again with the network gone.

test('the app is installable: manifest with icons, a registered service worker, and the shell opens offline', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Level Up Your Life.' })).toBeVisible();
  // The landing page is prerendered HTML; the app (and with it the service worker) loads on the first
  // interaction, here a key press, and then draws its own header (the theme switch).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Theme:/ })).toBeVisible();

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifestResponse = await page.request.get(href!);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Level Up',
    display: 'standalone',
    start_url: '/dashboard',
  });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }

  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
  expect(new URL(scope.scope).pathname).toBe('/');
  expect(new URL(scope.script!).pathname).toBe('/service-worker.js');

  // Once the worker controls the page, reload online (it keeps the entry files), then go offline.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Level Up Your Life.' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  // Without the worker this would be the browser's own offline error page.
  await expect(page.getByRole('link', { name: 'Level Up home' })).toBeVisible();
  await context.setOffline(false);
});
