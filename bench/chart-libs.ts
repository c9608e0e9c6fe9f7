/**
 * Which charting library draws the habit page's charts: the candidates side by side on what the page
 * needs (one line of 53 weekly points, one bar chart of 53 bars, 800 x 220 px, no animation).
 * For each: the minified bundle of library + the two charts (esbuild, the way webpack's production
 * build trims it: ESM imports of only what is used), its gzip size, and the time to first render in
 * Chromium: from before the bundle's script is parsed to both charts drawn, median of RUNS fresh pages.
 * Then the real lazy chunk of mfe-quests' build that holds the chosen library, gzipped, when built.
 *
 *   node bench/chart-libs.ts            # RUNS=15 by default
 *
 * A candidate that is not a dependency of the repository (chart.js) is installed once with npm into a
 * throwaway folder under the system's temporary directory, never into the project.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../tools/stack/browser.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 15);
const POINTS = 53;

const values = Array.from({ length: POINTS }, (_, i) => Math.round(100 * (1 - 0.95 ** i)));
const counts = Array.from({ length: POINTS }, (_, i) => (i * 7) % 8);
const labels = Array.from({ length: POINTS }, (_, i) => `W${i + 1}`);
const DATA = `const labels = ${JSON.stringify(labels)}, values = ${JSON.stringify(values)}, counts = ${JSON.stringify(counts)};`;
const DONE = `await Promise.resolve(); await new Promise((r) => setTimeout(r, 0)); window.__drawn = performance.now();`;

interface Candidate {
  name: string;
  /** The package to install when the repository does not have it. */
  spec: string;
  source: string;
}

const CANDIDATES: Candidate[] = [
  {
    name: 'uplot',
    spec: 'uplot@^1.6.32',
    source: `import uPlot from 'uplot';
${DATA}
const xs = labels.map((_, i) => i);
const axes = [{ values: (u, t) => t.map((v) => labels[v] ?? '') }, {}];
new uPlot({ width: 800, height: 220, legend: { show: false }, cursor: { show: false },
  scales: { x: { time: false } }, axes, series: [{}, { stroke: '#1677ff', fill: '#e6f4ff', width: 2 }] },
  [xs, values], document.getElementById('a'));
new uPlot({ width: 800, height: 220, legend: { show: false }, cursor: { show: false },
  scales: { x: { time: false, range: [-0.5, ${POINTS} - 0.5] } }, axes,
  series: [{}, { fill: '#1677ff', width: 0, paths: uPlot.paths.bars({ size: [0.7, 48] }) }] },
  [xs, counts], document.getElementById('b'));
${DONE}`,
  },
  {
    name: 'chart.js',
    spec: 'chart.js@^4.6.1',
    source: `import { Chart, LineController, LineElement, PointElement, BarController, BarElement,
  CategoryScale, LinearScale, Filler } from 'chart.js';
Chart.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale,
  LinearScale, Filler);
${DATA}
const options = { animation: false, responsive: false, plugins: { legend: { display: false } } };
new Chart(document.getElementById('a'), { type: 'line', options,
  data: { labels, datasets: [{ data: values, borderColor: '#1677ff', backgroundColor: '#e6f4ff', fill: true, pointRadius: 0 }] } });
new Chart(document.getElementById('b'), { type: 'bar', options,
  data: { labels, datasets: [{ data: counts, backgroundColor: '#1677ff' }] } });
${DONE}`,
  },
];

/** Where a candidate resolves from: the repository's node_modules, or a throwaway install. */
function packageRoot(candidate: Candidate): string {
  if (existsSync(path.join(ROOT, 'node_modules', candidate.name))) return ROOT;
  const dir = path.join(tmpdir(), 'levelup-chart-bench');
  if (!existsSync(path.join(dir, 'node_modules', candidate.name))) {
    console.log(`installing ${candidate.spec} into ${dir} (not a project dependency)`);
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir, candidate.spec],
      {
        stdio: 'inherit',
      },
    );
  }
  return dir;
}

async function bundle(candidate: Candidate): Promise<string> {
  const result = await build({
    stdin: { contents: candidate.source, resolveDir: packageRoot(candidate), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const browser = await chromium.launch({
  executablePath: chromiumPath() ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

async function renderMs(code: string, canvas: boolean): Promise<number> {
  const page = await browser.newPage();
  const box = canvas ? 'canvas width="800" height="220"' : 'div';
  const closing = canvas ? '' : '</div>';
  await page.setContent(
    `<!doctype html><html><body><${box} id="a">${closing}<${box} id="b">${closing}` +
      `<script>window.__start = performance.now();</script>` +
      `<script type="module">${code}</script></body></html>`,
  );
  await page.waitForFunction(() => (globalThis as unknown as { __drawn?: number }).__drawn);
  const ms = await page.evaluate(() => {
    const w = globalThis as unknown as { __drawn: number; __start: number };
    return w.__drawn - w.__start;
  });
  await page.close();
  return ms;
}

console.log(`| library | minified | gzip | first render, median of ${RUNS} (min-max) |`);
console.log('| --- | --- | --- | --- |');
for (const candidate of CANDIDATES) {
  const code = await bundle(candidate);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) times.push(await renderMs(code, candidate.name === 'chart.js'));
  const version = JSON.parse(
    readFileSync(
      path.join(packageRoot(candidate), 'node_modules', candidate.name, 'package.json'),
      'utf8',
    ),
  ).version;
  console.log(
    `| ${candidate.name} ${version} | ${kib(code.length)} | ${kib(gzipSync(code).length)} | ` +
      `${median(times).toFixed(1)} ms (${Math.min(...times).toFixed(1)}-${Math.max(...times).toFixed(1)}) |`,
  );
}
await browser.close();

// The real thing: mfe-quests' lazy chunk with uPlot in it, as built.
const dist = path.join(ROOT, 'mfe-quests', 'dist');
if (existsSync(dist)) {
  for (const file of readdirSync(dist, { recursive: true }) as string[]) {
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(path.join(dist, file));
    if (!text.includes('u-cursor-pt')) continue;
    console.log(
      `mfe-quests chunk with the chart: ${file} ${kib(text.length)}, gzip ${kib(gzipSync(text).length)}`,
    );
  }
} else console.log('mfe-quests is not built: `node scripts/build.ts` to see its chart chunk');
