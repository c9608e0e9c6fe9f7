/**
 * `npm run compose:secrets`: writes the secrets `docker compose up` needs into `.env` (which compose reads
 * by itself), each a fresh random value, keeping any already there. docker-compose.yml has no defaults for
 * them: without `.env` or the variables set, compose stops at once and names the one missing.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/stack.ts';

const file = path.join(ROOT, '.env');
const random = () => randomBytes(32).toString('base64url');
const SECRETS: Record<string, () => string> = {
  IDENTITY_SECRET: random,
  SESSION_KEYS: random,
  MONGO_PASSWORD: random,
  NATS_PASSWORD: random,
  GRAFANA_ADMIN_PASSWORD: random,
};

const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
const present = new Set(
  existing
    .split('\n')
    .map((line) => /^([A-Z_]+)=./.exec(line)?.[1])
    .filter(Boolean),
);
const added = Object.entries(SECRETS)
  .filter(([name]) => !present.has(name))
  .map(([name, make]) => `${name}=${make()}`);
if (added.length === 0) {
  console.log(`.env already has ${Object.keys(SECRETS).join(', ')}`);
} else {
  const text = existing && !existing.endsWith('\n') ? `${existing}\n` : existing;
  writeFileSync(file, `${text}${added.join('\n')}\n`, { mode: 0o600 });
  console.log(`.env: added ${added.map((line) => line.split('=')[0]).join(', ')}`);
}
