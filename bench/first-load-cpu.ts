/**
 * Where the main thread's time goes while a returning user's first dashboard loads: a V8 CPU
 * profile of the page (sampled every 100 µs) from navigation until the dashboard's heading shows, in a fresh
 * browser context with an empty cache and service workers blocked, no CPU throttling. Prints the busy time
 * (every sample not idle) and the self time by script and by function, so a cost in the federation runtime,
 * React or a library shows by name. Lighthouse's long tasks (bench/lighthouse.ts, REPORTS=) say when the
 * main thread was blocked; this says by what. Asserts nothing. Needs a running stack and Debian's Chromium.
 *   node bench/first-load-cpu.ts        # RUNS=5 (default 3): each row is the median over the runs
 */
import { chromium } from '@playwright/test';
import type { CpuProfile } from './lib.ts';
import { chromiumPath } from '../tools/stack/browser.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const runs = Number(process.env.RUNS ?? 3);
/** mfe-quests/src/lib/onboarding.ts */
const ONBOARDING_COMPLETED_KEY = 'levelup-onboarding-completed';

const browser = await chromium.launch({
  executablePath: chromiumPath() ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});

/** One visit: milliseconds of self time by script and by function (url:line:column), and the busy total. */
async function visit(run: number) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(
    `window.localStorage.setItem(${JSON.stringify(ONBOARDING_COMPLETED_KEY)}, 'true');`,
  );
  const suffix = `${Date.now().toString(36)}${run}`;
  const registered = await context.request.post(`${base}/api/auth/register`, {
    data: {
      username: `cpu_${suffix}`,
      email: `cpu_${suffix}@example.com`,
      password: 'benchmark',
      displayName: 'CPU Bench',
    },
  });
  if (!registered.ok()) throw new Error(`register failed: ${registered.status()}`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const started = performance.now();
  await page.goto(`${base}/dashboard`);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor({ timeout: 60_000 });
  const shown = performance.now() - started;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await context.close();

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const { callFrame } = byId.get(id)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (callFrame.functionName === '(idle)') return;
    busy += ms;
    const script = callFrame.url.replace(base, '') || `(${callFrame.functionName})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const where = `${callFrame.functionName || '(anonymous)'} ${script}:${callFrame.lineNumber}:${callFrame.columnNumber ?? 0}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + ms);
  });
  return { shown, busy, byScript, byFunction };
}

const visits: Awaited<ReturnType<typeof visit>>[] = [];
for (let run = 0; run < runs; run += 1) visits.push(await visit(run));
await browser.close();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
/** The median over the runs of each key's time, largest first. */
function table(pick: (v: (typeof visits)[number]) => Map<string, number>, rows: number) {
  const keys = new Set(visits.flatMap((v) => [...pick(v).keys()]));
  return [...keys]
    .map((key) => [key, median(visits.map((v) => pick(v).get(key) ?? 0))] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([key, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${key}`)
    .join('\n');
}

console.log(
  `dashboard heading shown after ${median(visits.map((v) => v.shown)).toFixed(0)} ms; main thread busy ${median(visits.map((v) => v.busy)).toFixed(0)} ms (median of ${runs})`,
);
console.log(`\nself time by script\n${table((v) => v.byScript, 15)}`);
console.log(`\nself time by function\n${table((v) => v.byFunction, 25)}`);
