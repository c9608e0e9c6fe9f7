/**
 * JavaScript of the first dashboard load, as the browser receives it (compressed bytes on the wire):
 * shell + remote + shared libraries together. Goal (issue 3): under 500 KB gzipped.
 * Needs a running stack (`npm start`, or BASE_URL) and Debian's Chromium.
 *   node bench/bundle-size.ts
 */
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const context = await browser.newContext();
const suffix = Date.now().toString(36);
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
const scripts: { url: string; bytes: number; encoding: string }[] = [];
page.on('requestfinished', async (request) => {
  if (request.resourceType() !== 'script') return;
  const response = await request.response();
  const sizes = await request.sizes();
  scripts.push({
    url: request.url().replace(base, ''),
    bytes: sizes.responseBodySize,
    encoding: response?.headers()['content-encoding'] ?? 'identity',
  });
});
await page.goto(`${base}/`, { waitUntil: 'networkidle' });
await page.getByRole('heading', { name: /Welcome/ }).waitFor();
await page.waitForLoadState('networkidle');
await browser.close();

scripts.sort((a, b) => b.bytes - a.bytes);
const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
for (const script of scripts)
  console.log(
    `${(script.bytes / 1024).toFixed(1).padStart(8)} KB  ${script.encoding.padEnd(8)} ${script.url}`,
  );
console.log(
  `first dashboard load: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB on the wire`,
);
