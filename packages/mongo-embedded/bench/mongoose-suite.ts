// Runs mongoose's own test suite against the embedded server (issue 15); a script, not part of npm test.
//   npm run test:mongoose-suite -w @levelup/mongo-embedded -- <mongoose checkout> [test files...]
// The checkout must have its devDependencies installed (`npm install --ignore-scripts` inside it). The
// embedded server runs in memory on a free port as its own process; mocha runs in the checkout with
// MONGOOSE_TEST_URI pointing at it, and the result is printed as a pass/fail/pending table by file,
// followed by each failure's title and first error line. Without test files, the whole suite runs as
// mongoose's `npm test` does (test/**/*.test.js except test/encryption).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChild } from '../test/process.ts';

interface MochaTest {
  title: string;
  fullTitle: string;
  file?: string;
  err?: { message?: string };
}

interface MochaReport {
  stats: { passes: number; failures: number; pending: number };
  passes: MochaTest[];
  failures: MochaTest[];
  pending: MochaTest[];
}

const [checkoutArg, ...files] = process.argv.slice(2);
if (!checkoutArg) {
  console.error('usage: npm run test:mongoose-suite -- <mongoose checkout> [test files...]');
  process.exit(2);
}
const checkout = path.resolve(checkoutArg);
const mocha = path.join(checkout, 'node_modules', '.bin', 'mocha');
if (!fs.existsSync(path.join(checkout, 'test', 'common.js')) || !fs.existsSync(mocha)) {
  console.error(
    `${checkout} is not a mongoose checkout with its devDependencies installed (run npm install there)`,
  );
  process.exit(2);
}

const server = await startChild(['--memory']);
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mongoose-suite-')), 'report.json');
const targets = files.length
  ? files
  : ['--ignore', 'test/encryption/**/*.test.js', './test/**/*.test.js'];
const started = Date.now();
const code = await new Promise<number | null>((resolve) => {
  const child = spawn(
    mocha,
    ['--exit', '--reporter', 'json', '--reporter-option', `output=${report}`, ...targets],
    {
      cwd: checkout,
      env: { ...process.env, MONGOOSE_TEST_URI: `${server.uri}/mongoose_test` },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  child.once('exit', resolve);
});
server.child.kill('SIGTERM');
await server.exited;

if (!fs.existsSync(report)) {
  console.error(`mocha exited with ${code} without a report`);
  process.exit(1);
}
const result = JSON.parse(fs.readFileSync(report, 'utf8')) as MochaReport;
const byFile = new Map<string, { pass: number; fail: number; pending: number }>();
const row = (test: MochaTest): { pass: number; fail: number; pending: number } => {
  const file = test.file ? path.relative(checkout, test.file) : '(hooks)';
  let entry = byFile.get(file);
  if (!entry) byFile.set(file, (entry = { pass: 0, fail: 0, pending: 0 }));
  return entry;
};
for (const test of result.passes) row(test).pass++;
for (const test of result.failures) row(test).fail++;
for (const test of result.pending) row(test).pending++;

const width = Math.max(4, ...[...byFile.keys()].map((file) => file.length));
console.log(`\n${'file'.padEnd(width)}  ${'pass'.padStart(5)} ${'fail'.padStart(5)} pending`);
for (const [file, counts] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    `${file.padEnd(width)}  ${String(counts.pass).padStart(5)} ${String(counts.fail).padStart(5)} ${String(counts.pending).padStart(7)}`,
  );
}
const { passes, failures, pending } = result.stats;
console.log(
  `\n${passes} passing, ${failures} failing, ${pending} pending (${((100 * passes) / Math.max(1, passes + failures)).toFixed(1)}% of run tests) in ${Math.round((Date.now() - started) / 1000)} s`,
);
if (failures) {
  console.log('\nFailures:');
  for (const test of result.failures) {
    const file = test.file ? path.relative(checkout, test.file) : '(hooks)';
    const message = (test.err?.message ?? '').split('\n')[0]!.slice(0, 200);
    console.log(`- ${file}: ${test.fullTitle}\n    ${message}`);
  }
}
process.exit(failures ? 1 : 0);
