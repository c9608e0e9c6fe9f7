// The operator's tools, as subcommands of the mongo-embedded bin. Exit codes:
//   0  done (or nothing to do)       2  bad usage
//   1  failed; nothing was changed    3  repair rebuilt the dbpath and some records were lost
import { parseArgs } from 'node:util';
import { formatRepairReport, repair } from './persistence/repair.ts';

export const toolUsage = ['       mongo-embedded repair --dbpath DIR'].join('\n');

export const toolNames = new Set(['repair']);

function options(args: string[], names: string[]): Record<string, string | undefined> {
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
  });
  const missing = names.filter((name) => !values[name]);
  if (missing.length) throw new UsageError(`missing --${missing.join(', --')}`);
  return values as Record<string, string | undefined>;
}

class UsageError extends Error {}

export async function runTool(tool: string, args: string[]): Promise<number> {
  try {
    switch (tool) {
      case 'repair': {
        const { dbpath } = options(args, ['dbpath']);
        const report = await repair(dbpath!);
        console.log(formatRepairReport(report));
        return report.lost.length ? 3 : 0;
      }
      default:
        throw new UsageError(`unknown command ${tool}`);
    }
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(`mongo-embedded ${tool}: ${(error as Error).message}`);
    if (usage) console.error(toolUsage);
    return usage ? 2 : 1;
  }
}
