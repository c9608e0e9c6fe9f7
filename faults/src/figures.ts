/** The suite's figures as a Markdown table (for bench/README.md) and as JSON, kept under .data/faults. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../tools/stack/stack.ts';
import type { ScenarioFigures } from './scenario.ts';

const dir = path.join(ROOT, '.data/faults');

const seconds = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);

export function scenarioTable(rows: ScenarioFigures[]): string {
  const lines = [
    '| scenario | requests | acknowledged | not acknowledged (status code) | max latency | outage | XP converged after | XP exact | recovered |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const failures =
      Object.entries(row.notAcknowledged)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ') || 'none';
    lines.push(
      `| ${row.scenario} | ${row.requests} | ${row.acknowledged} | ${failures} | ${row.maxLatencyMs} ms | ${seconds(row.outageMs)} | ${seconds(row.convergenceMs)} | ${row.xpExact ? 'yes' : `no (${row.xpDifference.join(', ')})`} | ${row.recovered ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}

export function writeFigures(name: string, data: unknown, markdown?: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
  if (markdown) writeFileSync(path.join(dir, `${name}.md`), `${markdown}\n`);
}
