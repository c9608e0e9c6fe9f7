import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../scripts/lib/run-stack.ts';
import { E2E_PORT_OFFSET } from './stack-env.ts';

/** Starts the whole stack (built frontends, in-memory MongoDB, real NATS) once for the suite. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'levelup-e2e-'));
  const stack = await startStack({
    portOffset: E2E_PORT_OFFSET,
    dataDir,
    memory: true,
    env: { ...process.env, MONGO_URL: undefined },
    log: (line) => console.log(`[e2e stack] ${line}`),
  });
  process.env.E2E_IDENTITY_SECRET_FILE = path.join(dataDir, 'secrets.json');
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
