/**
 * `npm run compose:secrets`: writes the secrets `docker compose up` needs into `.env` (which compose reads
 * by itself), each a fresh random value, keeping any already there. docker-compose.yml has no defaults for
 * them: without `.env` or the variables set, compose stops at once and names the one missing.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateVapidKeyPair } from '../tools/stack/infra.ts';
import { ROOT } from '../tools/stack/stack.ts';
import { OPS_USER, WORKLOADS, natsPassword, passwordEnvOf } from '../deploy/nats/users.ts';

// Another file only for deploy's tests, which run this script without touching a developer's .env.
const file = process.env.COMPOSE_SECRETS_FILE ?? path.join(ROOT, '.env');
const random = () => randomBytes(32).toString('base64url');
// The two halves of one key pair: written together, and neither when .env has either already.
const vapid = generateVapidKeyPair();
const SECRETS: Record<string, () => string> = {
  IDENTITY_SECRET: random,
  SESSION_KEYS: random,
  // The root user: the health check and an operator's shell; no service signs in as it.
  MONGO_PASSWORD: random,
  // One MongoDB user per service (deploy/mongo/init-users.js) and one NATS user per workload
  // (deploy/nats/auth.conf), each with a password of its own.
  ...Object.fromEntries(
    WORKLOADS.filter(({ user }) => user.startsWith('svc-')).map(({ user }) => [
      `MONGO_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}`,
      random,
    ]),
  ),
  ...Object.fromEntries(
    [...WORKLOADS.map(({ user }) => user), OPS_USER].map((user) => [
      passwordEnvOf(user),
      natsPassword,
    ]),
  ),
  GRAFANA_ADMIN_PASSWORD: random,
  VAPID_PUBLIC_KEY: () => vapid.publicKey,
  VAPID_PRIVATE_KEY: () => vapid.privateKey,
};

const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
const present = new Set(
  existing
    .split('\n')
    .map((line) => /^([A-Z_]+)=./.exec(line)?.[1])
    .filter(Boolean),
);
const hasVapid = present.has('VAPID_PUBLIC_KEY') || present.has('VAPID_PRIVATE_KEY');
const added = Object.entries(SECRETS)
  .filter(([name]) => !present.has(name) && !(name.startsWith('VAPID_') && hasVapid))
  .map(([name, make]) => `${name}=${make()}`);
if (added.length === 0) {
  console.log(`.env already has ${Object.keys(SECRETS).join(', ')}`);
} else {
  const text = existing && !existing.endsWith('\n') ? `${existing}\n` : existing;
  writeFileSync(file, `${text}${added.join('\n')}\n`, { mode: 0o600 });
  console.log(`.env: added ${added.map((line) => line.split('=')[0]).join(', ')}`);
}
