import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectBus, deleteNamespacedStreams } from '@levelup/service-kit';
import { startTestOidcProvider } from '@levelup/service-kit/testing/oidc-provider';
import { selfSignedCertificate } from '@levelup/service-kit/testing/push-service';
import { startStack } from '../tools/stack/run-stack.ts';
import {
  E2E_ADMIN_PASSWORD,
  E2E_ADMIN_USERNAME,
  E2E_BASE_URL,
  E2E_PORT_OFFSET,
} from './stack-env.ts';

/**
 * Starts the whole stack once for the suite: built frontends, in-memory MongoDB, and the real NATS
 * server under a namespace of its own (removed afterwards), so a development stack can run beside it.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'levelup-e2e-'));
  const natsNamespace = `e2e${randomBytes(4).toString('hex')}`;
  // External sign-in goes to a real OpenID Connect provider started here; any login works and
  // the provider vouches for a made-up email of it.
  const provider = await startTestOidcProvider({
    redirectUris: [`${E2E_BASE_URL}/api/login/callback`],
    defaultClaims: (login) => ({
      name: `Explorer ${login}`,
      preferred_username: login,
      email: `${login}@sso.example.test`,
      email_verified: true,
    }),
  });
  // Reminders (reminders.spec.ts): svc-identity trusts the certificate of the push service stand-in the
  // spec starts (push services are HTTPS), may send to it on loopback, and looks for due reminders every
  // half second.
  const pushTlsDir = path.join(dataDir, 'push-tls');
  mkdirSync(pushTlsDir);
  process.env.NODE_EXTRA_CA_CERTS = selfSignedCertificate(pushTlsDir).certFile;
  // The stand-in listens on loopback, which svc-identity refuses to send to unless told it is a test.
  process.env.PUSH_ALLOW_LOOPBACK_FOR_TESTS = 'true';
  process.env.REMINDER_TICK_MS = '500';
  // The suite's browser sign-ups name a client address of their own (helpers.ts): many people, one
  // machine. The gateway believes X-Forwarded-For from loopback only.
  process.env.TRUST_PROXY = 'loopback';
  process.env.E2E_PUSH_TLS_DIR = pushTlsDir;
  const stack = await startStack({
    portOffset: E2E_PORT_OFFSET,
    dataDir,
    memory: true,
    natsNamespace,
    env: {
      ...process.env,
      MONGO_URL: undefined,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    },
    log: (line) => console.log(`[e2e stack] ${line}`),
  });
  process.env.E2E_IDENTITY_SECRET_FILE = path.join(dataDir, 'secrets.json');
  // For specs that start an extra instance of a service on this stack's database and NATS namespace.
  process.env.E2E_MONGO_URL = stack.mongoUrl;
  process.env.E2E_NATS_URL = stack.natsUrl;
  process.env.E2E_NATS_NAMESPACE = natsNamespace;
  await createAdmin(stack.mongoUrl);
  return async () => {
    await stack.stop();
    await provider.close();
    const bus = await connectBus(stack.natsUrl, 'e2e-teardown', { namespace: natsNamespace });
    await deleteNamespacedStreams(bus);
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The suite's admin: signed up like anyone, then granted the role as an operator does (`npm run admin --
 * grant`), since no sign-up ever makes an admin.
 */
async function createAdmin(mongoUrl: string) {
  const registered = await fetch(`${E2E_BASE_URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: E2E_ADMIN_USERNAME,
      email: `${E2E_ADMIN_USERNAME}@example.test`,
      password: E2E_ADMIN_PASSWORD,
      displayName: 'Ada Lovelace',
    }),
  });
  if (registered.status !== 201) throw new Error(`admin sign-up answered ${registered.status}`);
  execFileSync(
    process.execPath,
    [
      path.join(import.meta.dirname, '../svc-identity/scripts/admin.ts'),
      'grant',
      E2E_ADMIN_USERNAME,
    ],
    { env: { ...process.env, MONGO_URL: mongoUrl, LOG_LEVEL: 'warn' }, stdio: 'inherit' },
  );
}
