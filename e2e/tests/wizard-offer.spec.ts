import { expect, test } from '@playwright/test';
import { signUpThroughForm } from './helpers.ts';

// A new user's dashboard offers the quest creation wizard by itself, fetching its code at that moment.
// A user who presses "Try a Quick Win" while that code is still on its way gets the Quick Win alone:
// the offer is withdrawn, not opened over their choice, and comes back on their next visit. The
// wizard's chunk (quest-wizard.[hash].js) is held until the Quick Win is open, as on a slow network.

const WIZARD_CHUNK = /\/quest-wizard\.[^/]*\.js$/;

// The service worker would fetch the chunk itself, out of the page's routes.
test.use({ serviceWorkers: 'block' });

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, a Quick Win chosen while the offered wizard loads opens alone, and the wizard is offered again on the next visit`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let requested = 0;
    await page.route(WIZARD_CHUNK, async (route) => {
      requested += 1;
      await released;
      await route.continue();
    });

    await signUpThroughForm(page);
    // The offer fired: its code is on its way, and held.
    await expect.poll(() => requested, { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Try a Quick Win' }).click();
    const quickWin = page.getByRole('dialog', { name: 'Quick Win' });
    await expect(quickWin.getByRole('group', { name: 'Quick wins' })).toBeVisible();

    const loaded = page.waitForResponse(WIZARD_CHUNK);
    release();
    await loaded;
    // Time for the wizard to have rendered, had it been going to open.
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByText('What brings you here today?')).toHaveCount(0);
    await expect(quickWin).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(quickWin).toBeHidden();
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'What brings you here today?' })).toBeVisible({
      timeout: 15_000,
    });
  });
}
