import { expect, test } from '@playwright/test';
import { animationsSettled, signUpInBrowser } from './helpers.ts';

// The Quick Win dialog end to end, at a phone and a desktop size: a new user picks the guided
// breathing, breathes for the 7 s demo, says it went partly well and makes it daily; the quest is
// created and completed (its XP shown) and the daily series exists.

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 800 }],
] as const) {
  test(`on a ${size}, a breathing quick win is done partly, made daily, and earns its XP`, async ({
    page,
  }) => {
    // A whole user journey on a shared two-core machine: more than the default minute.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page);

    await page.getByRole('button', { name: 'Try a Quick Win' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Win' });
    await expect(dialog.getByText('Novice')).toBeVisible();
    // Measured once the dialog has zoomed in (a box taken mid-zoom is smaller than the dialog).
    await animationsSettled(page);
    // Each choice reads from the same left edge, and every choice fits inside the dialog.
    const choices = dialog.getByRole('group', { name: 'Quick wins' });
    const titleLefts = await choices
      .locator('strong')
      .evaluateAll((titles) => titles.map((t) => Math.round(t.getBoundingClientRect().left)));
    expect(new Set(titleLefts).size).toBe(1);
    const [choicesBox, dialogBox] = [await choices.boundingBox(), await dialog.boundingBox()];
    expect(choicesBox!.x + choicesBox!.width).toBeLessThan(dialogBox!.x + dialogBox!.width - 8);
    await dialog.getByRole('button', { name: /Guided Breathing/ }).click();

    const breathing = page.getByRole('dialog', { name: 'Guided Breathing' });
    await expect(breathing.getByText("What's on your mind? (optional)")).toBeVisible();
    // Back returns to the picker, and the same choice leads to the same view.
    await breathing.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: /Guided Breathing/ }).click();
    await breathing.getByRole('button', { name: 'Start Breathing' }).click();
    await expect(breathing.getByText('Breathe in slowly...')).toBeVisible();
    await expect(breathing.getByText('And breathe out...')).toBeVisible();

    // The demo moves on by itself after 7 s.
    await breathing.getByRole('button', { name: 'Kinda Sorta' }).click({ timeout: 15_000 });
    await expect(breathing.getByText('Nice work! Make it daily?')).toBeVisible();
    await breathing.getByRole('button', { name: 'Yes, make it daily' }).click();

    await expect(page.getByText('Quest Completed!')).toBeVisible();
    await expect(breathing).toBeHidden();
    const series = await (await page.request.get('/api/quests/recurring')).json();
    expect(JSON.stringify(series)).toContain('Guided Breathing');
  });
}
