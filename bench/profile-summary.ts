/**
 * Where a V8 CPU profile spent its time, by package and by function (self time), for the profiles
 * `LEVELUP_CPU_PROFILE=<dir> npm start` writes when the stack stops.
 *
 *   node bench/profile-summary.ts /tmp/prof/svc-quests.cpuprofile [top]
 */
import { readCpuProfile } from './lib.ts';

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = readCpuProfile(file);
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) =>
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
);

function packageOf(url: string, functionName: string): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  if (url)
    return url
      .replace(/^file:\/\/\/.*?\/main\//, '')
      .split('/')
      .slice(0, 2)
      .join('/');
  return functionName;
}

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
let busy = 0;
for (const [id, micros] of selfTime) {
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  if (functionName === '(idle)') continue;
  busy += micros;
  const where = url.replace(/.*node_modules\//, '').replace(/^file:\/\/\/.*?\/main\//, '');
  const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  byPackage.set(
    packageOf(url, functionName),
    (byPackage.get(packageOf(url, functionName)) ?? 0) + micros,
  );
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
}

const print = (title: string, table: Map<string, number>) => {
  console.log(`\n${title} (share of ${(busy / 1e6).toFixed(2)} s busy)`);
  for (const [name, micros] of [...table].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`);
};
print('by package', byPackage);
print('by function', byFunction);
