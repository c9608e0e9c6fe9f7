/**
 * JavaScript of the first dashboard load, as the browser receives it (compressed bytes on the wire):
 * shell + remote + shared libraries together. Goal (issues 3 and 9): under 500 KB gzipped.
 * Two visits, each in a fresh browser context with an empty cache:
 * - returning: onboarding already marked complete, so the dashboard alone (the goal's figure);
 * - new user: the creation wizard opens by itself after 500 ms and its code loads too.
 * The dashboard's below-the-fold calendar loads only when scrolled near, so neither visit scrolls.
 * Needs a running stack (`npm start`, or BASE_URL) and Debian's Chromium.
 *   node bench/bundle-size.ts            # VERBOSE=1 lists every script
 */
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { chromiumPath } from '../tools/stack/browser.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const verbose = process.env.VERBOSE === '1';
/** mfe-quests/src/lib/onboarding.ts */
const ONBOARDING_COMPLETED_KEY = 'levelup-onboarding-completed';

const browser = await chromium.launch({
  executablePath: chromiumPath() ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function visit(browser: Browser, name: string, onboarded: boolean) {
  // The service worker would answer later chunks from its cache and hide their size: measure the network.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (onboarded)
    await context.addInitScript(
      `window.localStorage.setItem(${JSON.stringify(ONBOARDING_COMPLETED_KEY)}, 'true');`,
    );
  const suffix = `${Date.now().toString(36)}${name.length}`;
  const registered = await context.request.post(`${base}/api/auth/register`, {
    data: {
      username: `size_${suffix}`,
      email: `size_${suffix}@example.com`,
      password: 'benchmark',
      displayName: 'Size Bench',
    },
  });
  if (!registered.ok()) throw new Error(`register failed: ${registered.status()}`);

  const page = await context.newPage();
  const pending: Promise<{ url: string; bytes: number; encoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return {
          url: request.url().replace(base, ''),
          bytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'] ?? 'identity',
        };
      })(),
    );
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  if (!onboarded) await page.getByRole('dialog', { name: 'What brings you here today?' }).waitFor();
  await page.waitForLoadState('networkidle');
  // Let the last lazy chunks finish before reading their sizes.
  await page.waitForTimeout(500);
  const scripts = await Promise.all(pending);
  await context.close();

  scripts.sort((a, b) => b.bytes - a.bytes);
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  if (verbose)
    for (const script of scripts)
      console.log(
        `${(script.bytes / 1024).toFixed(1).padStart(8)} KB  ${script.encoding.padEnd(8)} ${script.url}`,
      );
  console.log(
    `first dashboard load, ${name}: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB on the wire`,
  );
}

await visit(browser, 'returning (onboarding done)', true);
await visit(browser, 'new user (wizard opens)', false);
await browser.close();
