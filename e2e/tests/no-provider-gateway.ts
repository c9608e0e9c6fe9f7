import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stackProcesses } from '../../tools/stack/stack.ts';
import { E2E_ADMIN_USERNAME, E2E_PORT_OFFSET } from '../stack-env.ts';
import { freePort, startSecondGateway, type SecondGateway } from './second-gateway.ts';

async function healthy(url: string, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start`);
}

/**
 * The suite's stack as a server without an external sign-in provider (the default of `npm start`): a
 * second svc-identity instance with no OIDC_* settings, on the same database, secrets and NATS namespace
 * as the stack's own (so accounts, sessions and XP are the same), behind a second gateway. Every other
 * service, the shell and the remotes are the stack's.
 */
export async function startNoProviderGateway(): Promise<SecondGateway> {
  const secrets = JSON.parse(readFileSync(process.env.E2E_IDENTITY_SECRET_FILE!, 'utf8')) as {
    identitySecret: string;
    sessionKeys: string;
  };
  const spec = stackProcesses({
    portOffset: E2E_PORT_OFFSET,
    mongoUrl: process.env.E2E_MONGO_URL!,
    natsUrl: process.env.E2E_NATS_URL!,
    natsNamespace: process.env.E2E_NATS_NAMESPACE!,
    identitySecret: secrets.identitySecret,
    sessionKeys: secrets.sessionKeys,
    adminUsernames: E2E_ADMIN_USERNAME,
  }).find((candidate) => candidate.name === 'svc-identity')!;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...spec.env, PORT: String(port) };
  for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']) delete env[key];
  const identity = spawn(process.execPath, spec.args, { cwd: spec.cwd, env, stdio: 'ignore' });
  try {
    await healthy(`http://127.0.0.1:${port}`, identity, 'svc-identity without a provider');
    const gateway = await startSecondGateway({ IDENTITY_URL: `http://127.0.0.1:${port}` });
    return {
      baseURL: gateway.baseURL,
      stop: () => {
        gateway.stop();
        identity.kill('SIGTERM');
      },
    };
  } catch (error) {
    identity.kill('SIGTERM');
    throw error;
  }
}
