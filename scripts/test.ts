/**
 * `npm test`: every check the project has, in order: lint and formatting, typecheck of every workspace, the vitest
 * projects (contracts, service kit, embedded MongoDB, services, gateway, frontends), the fault suite (faults/, on a
 * stack of its own), the services' tests against MongoDB and NATS containers (skipped in one line without
 * Docker), then the frontends' production build and the Playwright end-to-end suite in Chromium. Ends
 * with one line 'N passed, N failed' over all tests.
 *
 * In CI (CI=true, set by .ci/run) a failing test is run once more: a test that passes on its second try
 * is counted as passed and listed as flaky, so a machine's hiccup does not hide the run's real result.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath, NO_BROWSER } from '../tools/stack/browser.ts';
import { buildStale } from '../tools/stack/build.ts';
import { ROOT } from '../tools/stack/stack.ts';

const WORKSPACES = [
  'packages/contracts',
  'packages/service-kit',
  'packages/web-kit',
  'tools/mongo-embedded',
  'gateway',
  'svc-identity',
  'svc-quests',
  'svc-goals',
  'svc-community',
  'svc-feedback',
  'shell',
  'mfe-quests',
  'mfe-goals',
  'mfe-community',
  'mfe-progression',
  'e2e',
  'faults',
  'deploy',
  'security',
];
const resultsDir = path.join(ROOT, '.data/test-results');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const only = process.argv.slice(2);
const retry = process.env.CI ? ['--retry=1'] : [];
const wants = (step: string) => only.length === 0 || only.includes(step);

function run(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<boolean> {
  console.log(`\n=== ${label}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) => {
      console.log(
        `=== ${label}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      resolve(code === 0);
    });
  });
}

interface Counts {
  passed: number;
  failed: number;
  /** Names of the tests that passed only on their retry. */
  flaky: string[];
}

function readCounts(file: string, pick: (json: never) => Counts): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 0, flaky: [] };
  return pick(JSON.parse(readFileSync(file, 'utf8')) as never);
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const failures: string[] = [];
const step = async (name: string, ok: Promise<boolean>) => {
  if (!(await ok)) failures.push(name);
};

if (wants('lint')) {
  await step('lint', run('lint', bin('eslint'), ['.', '--max-warnings=0']));
  await step(
    'format',
    run('format (prettier --check)', bin('prettier'), ['--check', '.', '--log-level', 'warn']),
  );
}
if (wants('typecheck')) {
  // Two compilers at a time: each is one process on one core, and the machines have two.
  const queue = ['.', ...WORKSPACES];
  const lane = async () => {
    for (let workspace = queue.shift(); workspace !== undefined; workspace = queue.shift())
      await step(
        `typecheck ${workspace}`,
        run(`typecheck ${workspace}`, bin('tsc'), ['-p', path.join(workspace, 'tsconfig.json')]),
      );
  };
  await Promise.all([lane(), lane()]);
}
const vitestJson = path.join(resultsDir, 'vitest.json');
if (wants('unit')) {
  await step(
    'vitest',
    run('vitest (all projects)', bin('vitest'), [
      'run',
      ...retry,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ]),
  );
}
const faultsJson = path.join(resultsDir, 'faults.json');
if (wants('faults')) {
  await step(
    'faults',
    run('fault suite (kill -9 under load, fuzz of every route)', bin('vitest'), [
      'run',
      '--config',
      'faults/vitest.config.ts',
      ...retry,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${faultsJson}`,
    ]),
  );
}
if (wants('containers')) {
  // The services' tests against MongoDB and NATS in containers; one line and a pass without Docker.
  await step(
    'containers',
    run('containers (testcontainers: MongoDB 7, NATS 2.10)', process.execPath, [
      path.join(ROOT, 'scripts/test-containers.ts'),
      ...retry,
    ]),
  );
}
const playwrightJson = path.join(resultsDir, 'playwright.json');
const browser = chromiumPath();
if (wants('e2e') && !browser) {
  console.error(`\n=== end-to-end: ${NO_BROWSER}`);
  failures.push('e2e (no browser)');
} else if (wants('e2e')) {
  // What else is using the processor as the browser suite starts (a process left by an earlier step
  // slows every page): the busiest ones, for reading a slow run afterwards.
  await run('busiest processes before the browser suite', 'sh', [
    '-c',
    'ps -eo pid,pcpu,etimes,args --sort=-pcpu | head -n 8 | cut -c1-160; uptime',
  ]);
  try {
    await buildStale();
    await step(
      'e2e',
      run(
        'end-to-end (Playwright, Chromium)',
        bin('playwright'),
        ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
        { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, CHROMIUM_PATH: browser },
      ),
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    failures.push('build');
  }
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}
const vitestCounts = (json: VitestJson): Counts => ({
  passed: json.numPassedTests,
  failed: json.numFailedTests,
  // A test that passed after a retry keeps the failure of its first try.
  flaky: json.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' && test.failureMessages.length > 0)
      .map((test) => `${path.relative(ROOT, file.name)} > ${test.fullName}`),
  ),
});
interface PlaywrightSuite {
  file: string;
  specs: { title: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}
const flakySpecs = (suites: PlaywrightSuite[]): string[] =>
  suites.flatMap((suite) => [
    ...suite.specs
      .filter((spec) => spec.tests.some((test) => test.status === 'flaky'))
      .map((spec) => `e2e/tests/${suite.file} > ${spec.title}`),
    ...flakySpecs(suite.suites ?? []),
  ]);
const unit = readCounts(vitestJson, vitestCounts);
const faults = readCounts(faultsJson, vitestCounts);
const e2e = readCounts(
  playwrightJson,
  (json: {
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
  }) => ({
    passed: json.stats.expected + json.stats.flaky,
    failed: json.stats.unexpected,
    flaky: flakySpecs(json.suites),
  }),
);
console.log(
  `\nvitest: ${unit.passed} passed, ${unit.failed} failed; faults: ${faults.passed} passed, ${faults.failed} failed; ` +
    `playwright: ${e2e.passed} passed, ${e2e.failed} failed`,
);
const flaky = [...unit.flaky, ...faults.flaky, ...e2e.flaky];
if (flaky.length > 0)
  console.log(
    `flaky (passed on retry): ${flaky.length}\n${flaky.map((name) => `  ${name}`).join('\n')}`,
  );
// A failed step with no failed test in it (lint, typecheck, a build) still counts as one failure.
const failedTests = unit.failed + faults.failed + e2e.failed;
const failed = failedTests > 0 ? failedTests : failures.length;
if (failures.length > 0) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${unit.passed + faults.passed + e2e.passed} passed, ${failed} failed`);
process.exit(failures.length === 0 ? 0 : 1);
