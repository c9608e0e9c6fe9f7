import { expect, test } from '@playwright/test';
import { newUser, signInAsAdmin } from './helpers.ts';

// Beta feedback: a member sends feedback through the floating tab; the admin page is for
// admins only, so the same member sees the not-allowed page, and an admin (granted by global-setup) reviews it.

test('a member sends feedback through the Beta Feedback tab and is not allowed on the admin page', async ({
  page,
}) => {
  await page.goto('/auth');
  expect((await page.request.post('/api/auth/register', { data: newUser('fb') })).status()).toBe(
    201,
  );
  await page.goto('/community');
  await expect(page.getByRole('heading', { name: 'Community', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Beta Feedback' }).click();
  const form = page.getByRole('dialog', { name: 'Send Beta Feedback' });
  await expect(form).toBeVisible();

  // Without a category it is not sent.
  await form.getByLabel('Your feedback').fill('The community page could show who is online');
  await form.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(page.getByText('Missing information')).toBeVisible();
  await expect(page.getByText('Please select a category and enter your feedback')).toBeVisible();

  await form.getByText('Feature idea', { exact: true }).click();
  const sending = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/feedback',
  );
  await form.getByRole('button', { name: 'Send Feedback' }).click();
  const sent = (await sending).postDataJSON() as Record<string, unknown>;
  expect(sent).toEqual({
    category: 'feature',
    message: 'The community page could show who is online',
    url: '/community',
    userAgent: await page.evaluate(() => navigator.userAgent),
  });
  const done = page.getByRole('dialog', { name: 'Feedback sent!' });
  await expect(done).toBeVisible();
  await expect(form).toBeHidden();
  // It closes by itself after 2 s.
  await expect(done).toBeHidden({ timeout: 5000 });

  await page.goto('/admin/feedback');
  await expect(page.getByRole('heading', { name: 'Not allowed', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Only admins can read and review beta feedback.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Beta Feedback' })).toBeVisible();
  await page.getByRole('button', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/(dashboard)?$/);
});

test('a visitor sees no Beta Feedback tab', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByText('Join the Community').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Beta Feedback' })).toHaveCount(0);
});

test('an admin reads a member’s feedback, marks it reviewed with a note and back to new, and sees reported posts', async ({
  browser,
}) => {
  // A member sends feedback from their own browser.
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await memberPage.goto('/auth');
  const sender = newUser('fbsender');
  expect((await memberPage.request.post('/api/auth/register', { data: sender })).status()).toBe(
    201,
  );
  const message = `Streak badge idea ${sender.username}`;
  expect(
    (
      await memberPage.request.post('/api/feedback', {
        data: { category: 'ux', message, url: '/dashboard', userAgent: 'e2e-agent/1.0' },
      })
    ).status(),
  ).toBe(201);
  // The sender also shares a post, which another member reports.
  const posted = await memberPage.request.post('/api/posts', {
    data: { content: `Selling streak boosts ${sender.username}`, type: 'win' },
  });
  expect(posted.status()).toBe(201);
  const post = (await posted.json()) as { id: string };
  await member.close();
  const reporter = await browser.newContext();
  const reporterPage = await reporter.newPage();
  await reporterPage.goto('/auth');
  expect(
    (await reporterPage.request.post('/api/auth/register', { data: newUser('reporter') })).status(),
  ).toBe(201);
  expect(
    (
      await reporterPage.request.post(`/api/posts/${post.id}/report`, {
        data: { reason: 'Looks like spam' },
      })
    ).status(),
  ).toBe(201);
  await reporter.close();

  // The admin is the user global-setup granted the role with the admin script.
  const admin = await browser.newContext();
  const page = await admin.newPage();
  await signInAsAdmin(page);

  // Admins find the page in the navigation (members have no such link).
  await page.goto('/community');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/feedback$/);
  await expect(page.getByRole('heading', { name: 'Beta Feedback', level: 1 })).toBeVisible();
  const fresh = page.getByRole('region', { name: 'New Feedback' });
  const card = fresh.getByRole('article').filter({ hasText: message });
  await expect(card).toBeVisible();
  await expect(card.getByText('Ada Lovelace')).toBeVisible();
  await expect(card.getByText('/dashboard')).toBeVisible();
  await card.getByRole('button', { name: 'Show details' }).click();
  await expect(card.getByText('e2e-agent/1.0')).toBeVisible();
  await card.getByLabel('Admin notes').fill('Planned for the next release');
  await card.getByRole('button', { name: 'Mark as Reviewed' }).click();

  const reviewed = page
    .getByRole('region', { name: 'Reviewed Feedback' })
    .getByRole('article')
    .filter({ hasText: message });
  await expect(reviewed).toBeVisible();
  await expect(reviewed.getByText('Planned for the next release')).toBeVisible();
  await expect(fresh.getByRole('article').filter({ hasText: message })).toHaveCount(0);

  // Back to New keeps the note.
  await reviewed.getByRole('button', { name: 'Mark as New' }).click();
  const again = fresh.getByRole('article').filter({ hasText: message });
  await expect(again).toBeVisible();
  await expect(again.getByLabel('Admin notes')).toHaveValue('Planned for the next release');

  // Reported posts are on the same page.
  const reported = page
    .getByRole('region', { name: 'Reported Posts' })
    .getByRole('article')
    .filter({ hasText: `Selling streak boosts ${sender.username}` });
  await expect(reported).toBeVisible();
  await expect(reported.getByText('Looks like spam')).toBeVisible();

  // The admin also sees the meetup scheduling form that members do not.
  await page.goto('/meetups');
  await expect(page.getByRole('heading', { name: 'Schedule a Meetup' })).toBeVisible();
  await admin.close();
});
