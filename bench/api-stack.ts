/**
 * The stack bench/load.ts measures, in a process of its own (the launcher): gateway, services, the
 * embedded MongoDB on disk in a throwaway folder and a nats-server of its own, no static servers. Prints
 * `READY <gateway url> <NATS url> <MongoDB url>` once healthy; SIGTERM stops everything and removes the folder.
 *
 *   LEVELUP_PORT_OFFSET=400 node bench/api-stack.ts
 *   SCALE=svc-quests=2,svc-goals=2 ...      # several instances of services, as `npm start -- --scale`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../tools/stack/run-stack.ts';
import { parseScale } from '../tools/stack/stack.ts';
import { freePort } from './lib.ts';

// The bench plays 500 users from one address: the gateway's per-address limits would refuse most. The
// children inherit this process's environment (the launcher passes on only the settings it names).
process.env.RATE_LIMITS = 'off';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'levelup-load-'));
const natsPort = await freePort();
const stack = await startStack({
  portOffset: Number(process.env.LEVELUP_PORT_OFFSET ?? 400),
  dataDir,
  env: {
    ...process.env,
    NATS_URL: `nats://127.0.0.1:${natsPort}`,
    MONGO_URL: undefined,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
  frontends: false,
  scale: parseScale(process.env.SCALE ? ['--scale', process.env.SCALE] : []),
  output: process.stderr,
  log: (line) => process.stderr.write(`${'api-stack'.padEnd(16)} | ${line}\n`),
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
console.log(
  `READY ${stack.gatewayUrl.replace('localhost', '127.0.0.1')} ${stack.natsUrl} ${stack.mongoUrl}`,
);
