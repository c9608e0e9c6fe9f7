import { expect, test } from '@playwright/test';
import { deployRemote } from '../../scripts/deploy-remote.ts';
import { signUpInBrowser } from './helpers.ts';

// A remote's team ships it alone. `npm run deploy:remote -- progression` builds a release of
// mfe-progression while the whole stack runs; a reload of the shell loads it, with no shell rebuild and no
// restart, and the chunks an open page already loaded keep being served.
test('a remote deployed alone is picked up by a reload of the running shell; the chunks a page already uses stay', async ({
  page,
}) => {
  // A production build of one remote runs inside this test.
  test.setTimeout(240_000);
  await signUpInBrowser(page);
  const chunks = new Set<string>();
  page.on('response', (response) => {
    if (/\/remotes\/progression\/.+\.[0-9a-f]{10}\.js$/.test(response.url()))
      chunks.add(response.url());
  });
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

  // The page that is open keeps working on what it loaded: every chunk it fetched is still there.
  for (const url of chunks) expect((await page.request.get(url)).status(), url).toBe(200);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'TALENT TREE' })).toBeVisible();
  expect(await releaseOf()).toBe(release);
});
