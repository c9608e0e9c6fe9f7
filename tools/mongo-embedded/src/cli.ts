// mongo-embedded [--port 27017] [--bind 127.0.0.1] [--dbpath ./.data/mongo] [--memory]
// mongo-embedded repair|backup|restore|export ... (see tools.ts)
import { parseArgs } from 'node:util';
import { start } from './index.ts';
import { consoleLogger } from './logger.ts';
import { runTool, toolNames, toolUsage } from './tools.ts';

const usage = `usage: mongo-embedded [--port 27017] [--bind 127.0.0.1] [--dbpath ./.data/mongo] [--memory]\n${toolUsage}`;

async function main(): Promise<void> {
  const tool = process.argv[2];
  if (tool && toolNames.has(tool)) {
    process.exitCode = await runTool(tool, process.argv.slice(3));
    return;
  }
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '27017' },
        bind: { type: 'string', default: '127.0.0.1' },
        dbpath: { type: 'string', default: './.data/mongo' },
        memory: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number, got ${values.port}\n${usage}`);
    process.exit(2);
  }
  // Undocumented knobs for the durability tests: compact often to exercise snapshot + journal recovery.
  const compactMs = Number(process.env.MONGO_EMBEDDED_COMPACT_INTERVAL_MS) || undefined;
  const compaction = compactMs ? { intervalMs: compactMs, minBytes: 0 } : {};
  const server = await start({
    port,
    bind: values.bind,
    memory: values.memory,
    dbPath: values.dbpath,
    compaction,
  });
  consoleLogger.info(
    `mongo-embedded ready at ${server.uri} (${values.memory ? 'in memory' : `dbpath ${values.dbpath}`})`,
  );
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`mongo-embedded stopping (${signal})`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        consoleLogger.error(`mongo-embedded failed to stop cleanly: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  consoleLogger.error(`mongo-embedded failed to start: ${(error as Error).message}`);
  process.exit(1);
});
