import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  newUser,
  startIdentity,
  type IdentityHarness,
} from '../../svc-identity/test/harness.ts';
import { startGateway, type RunningGateway } from './stack.ts';

// A confirmation email goes to an address nobody has proven: whoever signs up with someone else's
// address must not be able to make the server mail it again and again.

let identity: IdentityHarness;
let gateway: RunningGateway;
const mailDir = mkdtempSync(path.join(os.tmpdir(), 'levelup-security-mail-'));
beforeAll(async () => {
  identity = await startIdentity(undefined, { mailDir });
  gateway = await startGateway({ IDENTITY_URL: identity.url });
});
afterAll(async () => {
  await gateway?.close();
  await identity?.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

const mailsTo = (email: string) =>
  readdirSync(mailDir).filter((file) =>
    readFileSync(path.join(mailDir, file), 'utf8').startsWith(`To: ${email}\n`),
  ).length;

describe('confirmation emails', () => {
  it('when an account asks for 25 confirmation emails at once, then only the sign-up’s goes out and each ask is 429 with Retry-After', async () => {
    const victim = newUser({ email: `victim_${Date.now().toString(36)}@example.com` });
    const attacker = client(gateway.url);
    expect((await attacker.request('POST', '/api/auth/register', victim)).status).toBe(201);
    expect(mailsTo(victim.email)).toBe(1);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => attacker.request('POST', '/api/auth/verify-email/send')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(429));
    for (const answer of answers) {
      expect(Number(answer.response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(mailsTo(victim.email)).toBe(1);
  });
});
