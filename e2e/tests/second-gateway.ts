import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../../tools/stack/infra.ts';
import { stackProcesses } from '../../tools/stack/stack.ts';
import { E2E_PORT_OFFSET } from '../stack-env.ts';

/** A port nothing listens on right now (the launcher's). */
export { freePort };

export interface SecondGateway {
  baseURL: string;
  stop(): void;
}

/**
 * A second gateway in front of the suite's stack, with some upstream URLs changed (a remote or a service
 * pointed at a port the spec controls), so a spec can break one part without touching the stack the
 * other specs use. Resolves once it answers /health.
 */
export async function startSecondGateway(
  overrides: Record<string, string>,
): Promise<SecondGateway> {
  const secrets = JSON.parse(readFileSync(process.env.E2E_IDENTITY_SECRET_FILE!, 'utf8')) as {
    identitySecret: string;
  };
  const spec = stackProcesses({
    portOffset: E2E_PORT_OFFSET,
    mongoUrl: '',
    natsUrl: '',
    identitySecret: secrets.identitySecret,
    sessionKeys: '',
  }).find((candidate) => candidate.name === 'gateway')!;
  const port = await freePort();
  const gateway: ChildProcess = spawn(process.execPath, spec.args, {
    cwd: spec.cwd,
    // Its own port; no metrics listener (the stack's gateway has that port).
    env: { ...process.env, ...spec.env, PORT: String(port), METRICS_PORT: '0', ...overrides },
    stdio: 'ignore',
  });
  const baseURL = `http://localhost:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${baseURL}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseURL, stop: () => gateway.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  gateway.kill('SIGTERM');
  throw new Error('second gateway did not start');
}
