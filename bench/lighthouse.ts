/**
 * Lighthouse (the npm package, with Debian's Chromium) on the landing page and a new user's dashboard,
 * mobile (default emulation: slow 4G, 4x CPU slowdown) and desktop preset. Prints the table of
 * bench/README.md; asserts nothing. Needs a running stack: `npm start` or BASE_URL.
 *   node bench/lighthouse.ts            # RUNS=3 takes the median performance of three runs per row
 *   PAGES=dashboard FORMS=mobile REPORTS=/tmp/lh node bench/lighthouse.ts   # one row, reports kept
 *   CPU_SLOWDOWN=8 FORMS=mobile node bench/lighthouse.ts  # the phone on a host half as fast (default 4)
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiClient } from './lib.ts';
import { chromiumPath } from '../tools/stack/browser.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const runs = Number(process.env.RUNS ?? 1);
// REPORTS=<dir> keeps each run's whole report (lhr JSON) to read its long tasks and main-thread breakdown.
const reports = process.env.REPORTS;
if (reports) mkdirSync(reports, { recursive: true });
const pages = (process.env.PAGES ?? 'landing,dashboard').split(',');
const forms = (process.env.FORMS ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
// Lighthouse scales the tasks it observed by this factor for its phone. The scores move with the speed of
// the host they run on; CPU_SLOWDOWN=8 asks how the page would fare on a host half as fast as this one.
const cpuSlowdown = process.env.CPU_SLOWDOWN ? Number(process.env.CPU_SLOWDOWN) : undefined;

// A signed-in user for the dashboard: the session cookie goes in with every request Lighthouse makes,
// and onboarding is marked done so the wizard does not open over the page.
const call = apiClient(base);
const suffix = Date.now().toString(36);
const registered = await call('POST', '/api/auth/register', {
  username: `lh_${suffix}`,
  email: `lh_${suffix}@example.com`,
  password: 'lighthouse',
  displayName: 'Lighthouse Visitor',
});
if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
await call('POST', '/api/quests', {
  title: 'Read ten pages',
  description: 'Ten pages of a good book before bed',
});

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath() ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

interface Row {
  page: string;
  form: string;
  performance: number;
  lcp: string;
  tbt: string;
  cls: string;
  bytes: string;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

async function audit(page: string, url: string, form: 'mobile' | 'desktop', cookie?: string) {
  const results: Row[] = [];
  for (let i = 0; i < runs; i += 1) {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        ...(cpuSlowdown && form === 'mobile'
          ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } }
          : {}),
      },
      form === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (reports)
      writeFileSync(join(reports, `${page}-${form}-${i + 1}.json`), JSON.stringify(result.lhr));
    const { categories, audits } = result.lhr;
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    results.push({
      page,
      form,
      performance: score('performance'),
      lcp: audits['largest-contentful-paint']?.displayValue ?? '',
      tbt: audits['total-blocking-time']?.displayValue ?? '',
      cls: audits['cumulative-layout-shift']?.displayValue ?? '',
      bytes: audits['total-byte-weight']?.displayValue ?? '',
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    });
  }
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)]!;
}

const cookie = call.cookie();
const rows: Row[] = [];
for (const form of forms) {
  if (pages.includes('landing')) rows.push(await audit('landing', `${base}/`, form));
  if (pages.includes('dashboard'))
    rows.push(await audit('dashboard', `${base}/dashboard`, form, cookie));
}
await chrome.kill();

console.log(
  `| page | form | performance | LCP | TBT | CLS | bytes | accessibility | best practices | SEO |`,
);
console.log(`|---|---|---|---|---|---|---|---|---|---|`);
for (const r of rows)
  console.log(
    `| ${r.page} | ${r.form} | ${r.performance} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.bytes} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} |`,
  );
