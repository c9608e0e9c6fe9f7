import { expect, test } from '@playwright/test';
import { deployRemote } from '../../scripts/deploy-remote.ts';
import { signUpInBrowser } from './helpers.ts';

// A remote's team ships it alone. `npm run deploy:remote -- progression` builds a release of
// mfe-progression while the whole stack runs; a reload of the shell loads it, with no shell rebuild and no
// restart, and the chunks an open page already loaded keep being served.
test('a remote deployed alone is picked up by a reload of the running shell; an open page keeps its chunks and keeps navigating', async ({
  page,
}) => {
  // A production build of one remote runs inside this test.
  test.setTimeout(240_000);
  await signUpInBrowser(page);
  const chunks = new Set<string>();
  // What would break an open page across the release: a file of a remote not found, a script error.
  const broken: string[] = [];
  page.on('response', (response) => {
    if (/\/remotes\/progression\/.+\.[0-9a-f]{10}\.js$/.test(response.url()))
      chunks.add(response.url());
    if (response.url().includes('/remotes/') && response.status() >= 400)
      broken.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => broken.push(error.message));
  await page.goto('/talent-tree');
  await expect(page.getByRole('heading', { name: 'TALENT TREE' })).toBeVisible();
  expect(chunks.size).toBeGreaterThan(0);
  const releaseOf = () =>
    page.evaluate(
      () =>
        (self as { levelupReleases?: Record<string, string> }).levelupReleases?.mfe_progression ??
        null,
    );
  const before = await releaseOf();

  const release = `e2e-${Date.now().toString(36)}`;
  const deployed = await deployRemote('mfe-progression', release);
  expect(deployed.switched).toEqual(expect.arrayContaining(['remoteEntry.js', 'mf-manifest.json']));
  expect(before).not.toBe(release);

  // The page that is open keeps working on what it loaded: every chunk it fetched is still there,
  // and it goes on navigating (to another remote's screen and back) without a reload or an error.
  for (const url of chunks) expect((await page.request.get(url)).status(), url).toBe(200);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Goals' }).click();
  await expect(page).toHaveURL(/\/goals$/);
  await nav.getByRole('link', { name: 'Character Progression' }).click();
  await expect(page.getByRole('heading', { name: 'TALENT TREE' })).toBeVisible();
  expect(await releaseOf()).toBe(before);
  expect(broken).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'TALENT TREE' })).toBeVisible();
  expect(await releaseOf()).toBe(release);
});
