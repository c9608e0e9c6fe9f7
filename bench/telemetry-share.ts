/**
 * What logs, metrics and traces cost under load, from the CPU profiles of every process: the
 * share of each process's busy time spent in telemetry code (pino, sonic-boom, prom-client,
 * OpenTelemetry, service-kit's telemetry/, the gateway's request-telemetry.ts), start-up excluded. A
 * sample counts as telemetry when the nearest frame above it that is not Node's own is telemetry code,
 * so the application work a span or a request line wraps is not counted. On a CPU-bound stack the
 * throughput lost to telemetry is about its share of all processes' CPU; unlike a throughput A/B on a
 * shared machine, the share barely moves with what else runs.
 *
 *   LEVELUP_CPU_PROFILE=/tmp/prof npm start     # then ONLY=toggle node bench/load.ts, then Ctrl-C
 *   node bench/telemetry-share.ts /tmp/prof
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readCpuProfile } from './lib.ts';

const TELEMETRY =
  /service-kit\/src\/telemetry\/|gateway\/src\/request-telemetry|\/node_modules\/(pino|pino-std-serializers|sonic-boom|prom-client|@opentelemetry\/[^/]+|quick-format-unescaped|fast-redact)\//;
const STARTUP =
  /node:internal\/modules|node:internal\/bootstrap|amaro|wrapSafe|compileSourceTextModule/;

const dir = process.argv[2];
if (!dir) throw new Error('usage: node bench/telemetry-share.ts <directory of .cpuprofile files>');

const rows: Array<{ process: string; busy: number; telemetry: number; top: string[] }> = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
  const profile = readCpuProfile(path.join(dir, file));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);

  let busy = 0;
  let telemetry = 0;
  const where = new Map<string, number>();
  profile.samples.forEach((leaf, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    if (byId.get(leaf)!.callFrame.functionName === '(idle)') return;
    let startup = false;
    let decided = false;
    let telemetryFrame: string | undefined;
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const { url, functionName } = byId.get(id)!.callFrame;
      if (STARTUP.test(url) || STARTUP.test(functionName)) startup = true;
      if (decided) continue;
      if (TELEMETRY.test(url)) {
        telemetryFrame = `${url.replace(/.*node_modules\//, '').replace(/^file:\/\/\/.*?\/main\//, '')} ${functionName}`;
        decided = true;
      } else if (url && !url.startsWith('node:')) decided = true;
    }
    if (startup) return;
    busy += micros;
    if (telemetryFrame) {
      telemetry += micros;
      where.set(telemetryFrame, (where.get(telemetryFrame) ?? 0) + micros);
    }
  });
  const top = [...where]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([frame, micros]) => `${((100 * micros) / busy).toFixed(1)}% ${frame.trim()}`);
  rows.push({ process: file.replace(/\.cpuprofile$/, ''), busy, telemetry, top });
}

const seconds = (micros: number) => (micros / 1e6).toFixed(2);
const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
console.log('| process | busy (start-up excluded) | telemetry | share | most of it |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows.sort((a, b) => b.busy - a.busy))
  console.log(
    `| ${row.process} | ${seconds(row.busy)} s | ${seconds(row.telemetry)} s | ${share(row.telemetry, row.busy)} | ${row.top.join('; ')} |`,
  );
const busy = rows.reduce((sum, row) => sum + row.busy, 0);
const telemetry = rows.reduce((sum, row) => sum + row.telemetry, 0);
console.log(`| all | ${seconds(busy)} s | ${seconds(telemetry)} s | ${share(telemetry, busy)} | |`);
