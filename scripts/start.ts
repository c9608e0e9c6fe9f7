/**
 * `npm start`: build what is stale, start the embedded MongoDB (data in ./.data, kept across restarts),
 * use or start NATS, start every service, static server and the gateway, and print the URL when all are
 * healthy. A process that crashes is started again with backoff (logged); Ctrl-C stops everything.
 */
import { createLogger } from '@levelup/service-kit';
import { buildStale } from '../tools/stack/build.ts';
import { lineFormat } from '../tools/stack/log-format.ts';
import { startStack } from '../tools/stack/run-stack.ts';
import { parseNatsNodes, parseScale } from '../tools/stack/stack.ts';

const startedAt = Date.now();
// The launcher logs as every process does (pino's JSON, readable at a terminal), under its own name.
const format = lineFormat();
const launcher = createLogger('levelup', (line) =>
  console.log(`${'levelup'.padEnd(16)} | ${format(line)}`),
);
const log = (line: string) => launcher.info(line);

try {
  // `npm start -- --scale svc-quests=2`: several instances of a service behind the gateway.
  const scale = parseScale(process.argv.slice(2));
  // `npm start -- --nats-nodes 3`: a NATS cluster of the stack's own, every stream on three nodes.
  const natsNodes = parseNatsNodes(process.argv.slice(2));
  await buildStale({ log });
  const portOffset = Number(process.env.LEVELUP_PORT_OFFSET ?? 0);
  const stack = await startStack({
    log,
    portOffset,
    dataDir: process.env.LEVELUP_DATA_DIR,
    // A crashed process comes back by itself, 0.5 s doubling to 10 s.
    supervise: true,
    scale,
    ...(natsNodes ? { natsNodes } : {}),
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping everything`);
    await stack.stop();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  log(`ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  console.log(`\n  Level Up is running at ${stack.gatewayUrl}\n`);
  console.log(
    `  Metrics for Prometheus:\n${stack.metricsUrls.map((url) => `    ${url}`).join('\n')}\n`,
  );
} catch (error) {
  console.error(
    `\nCould not start Level Up: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
