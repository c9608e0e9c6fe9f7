import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@levelup/service-kit';
import { startTestService, type TestService } from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../../svc-identity/src/index.ts';
import {
  SESSION_KEYS,
  client,
  confirmationLinkFor,
  newUser,
} from '../../svc-identity/test/harness.ts';

// The development mail sink holds live confirmation links: only the service's own account may read its
// files, and the log (often shipped or shared) says a mail went without the link or the full address.

const root = mkdtempSync(path.join(os.tmpdir(), 'levelup-security-sink-'));
const mailDir = path.join(root, 'mail');
const lines: string[] = [];
let identity: TestService;

beforeAll(async () => {
  identity = await startTestService({
    name: 'svc-identity',
    createApp,
    startWorkers,
    deps: {
      sessionKeys: SESSION_KEYS,
      cookieSecure: false,
      mailDir,
      logger: createLogger('svc-identity', (line) => lines.push(line), 'debug'),
    },
  });
});
afterAll(async () => {
  await identity?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('the development mail sink', () => {
  it('when a sign-up mails its confirmation link, then the folder is 0700, the mail 0600, and no log line holds the link or the address', async () => {
    const user = newUser({ email: `sink_${Date.now().toString(36)}@example.com` });
    expect((await client(identity.url).request('POST', '/api/auth/register', user)).status).toBe(
      201,
    );
    const link = confirmationLinkFor(mailDir, user.email);
    expect(link).toBeDefined();
    const token = new URL(link!, 'http://x').searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);

    expect(existsSync(mailDir)).toBe(true);
    expect(statSync(mailDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(statSync(path.join(mailDir, files[0]!)).mode & 0o777).toBe(0o600);

    const mentions = lines.filter((line) => line.includes('mail'));
    expect(mentions.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(user.email);
    }
    // A mail written is a debug line, never info.
    for (const line of mentions.filter((line) => line.includes('verification email')))
      expect(JSON.parse(line)).toMatchObject({ level: 'debug' });
  });
});
